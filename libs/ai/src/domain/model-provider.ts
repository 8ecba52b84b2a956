import type { AiProvider } from '@app/workspaces';

/** D12.1: the provider follows the model's prefix. */
const PREFIXES: ReadonlyArray<readonly [string, AiProvider]> = [
  ['gpt-', 'openai'],
  ['chatgpt-', 'openai'],
  ['o1', 'openai'],
  ['o3', 'openai'],
  ['o4', 'openai'],
  ['claude-', 'anthropic'],
  ['gemini-', 'gemini'],
];

export const KNOWN_PREFIXES = PREFIXES.map(([prefix]) => prefix);

export function providerOfModel(model: string): AiProvider | undefined {
  return PREFIXES.find(([prefix]) => model.startsWith(prefix))?.[1];
}

/**
 * Spec 5.2: OpenAI's reasoning models (`o1`, `o3`, `o4` families) take the prompt in front of
 * the text in one user message instead of a system instruction.
 */
export const takesPromptInUserMessage = (model: string): boolean => /^o[134]/.test(model);
