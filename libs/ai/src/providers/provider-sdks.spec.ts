import { isSdkConnectionTimeout, loadAnthropicSdk, loadOpenAiSdk } from './provider-sdks';

describe('provider SDKs loaded on first use', () => {
  it("tells each SDK's request timeout once that SDK is loaded, and nothing else", async () => {
    const { default: OpenAI } = await loadOpenAiSdk();
    const { default: Anthropic } = await loadAnthropicSdk();
    expect(isSdkConnectionTimeout(new OpenAI.APIConnectionTimeoutError())).toBe(true);
    expect(isSdkConnectionTimeout(new Anthropic.APIConnectionTimeoutError())).toBe(true);
    expect(isSdkConnectionTimeout(new OpenAI.APIConnectionError({ message: 'reset' }))).toBe(false);
    expect(isSdkConnectionTimeout(new Error('Request timed out.'))).toBe(false);
  });

  it('loads an SDK once, however many calls ask for it at once', async () => {
    const [first, second] = await Promise.all([loadOpenAiSdk(), loadOpenAiSdk()]);
    expect(second).toBe(first);
  });
});
