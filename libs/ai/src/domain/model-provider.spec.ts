import { providerOfModel, takesPromptInUserMessage } from './model-provider';

describe('providerOfModel (D12.1)', () => {
  it.each([
    ['gpt-4o', 'openai'],
    ['chatgpt-4o-latest', 'openai'],
    ['o3-mini', 'openai'],
    ['o1', 'openai'],
    ['o4-mini', 'openai'],
    ['claude-sonnet-4-0', 'anthropic'],
    ['gemini-2.5-flash', 'gemini'],
    ['llama3', undefined],
    ['GPT-4o', undefined],
  ])('%s → %s', (model, provider) => {
    expect(providerOfModel(model)).toBe(provider);
  });

  it('puts the prompt in the user message only for o1/o3/o4 models (spec 5.2)', () => {
    expect(['o1-preview', 'o3', 'o4-mini'].map(takesPromptInUserMessage)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['gpt-4o', 'claude-haiku-4-5', 'gemini-2.5-pro'].map(takesPromptInUserMessage)).toEqual([
      false,
      false,
      false,
    ]);
  });
});
