import { ConfigError, loadConfig } from './app-config';

// D12.4 at start: a server-wide provider endpoint written as a private address.
describe('loadConfig: AI provider endpoints', () => {
  it('refuses a private or loopback *_BASE_URL, naming the variable that allows it', () => {
    for (const [name, value] of [
      ['OPENAI_BASE_URL', 'http://127.0.0.1:8000/v1'],
      ['ANTHROPIC_BASE_URL', 'http://localhost:4000'],
      ['GEMINI_BASE_URL', 'http://169.254.169.254'],
    ]) {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value })).toThrow(
        `${name} points to a private or loopback address; set AI_ALLOW_PRIVATE_BASE_URLS=true to allow it`,
      );
    }
  });

  it('takes it with AI_ALLOW_PRIVATE_BASE_URLS=true, and a public one without', () => {
    const allowed = loadConfig({
      OPENAI_BASE_URL: 'http://10.0.0.5:8000/v1',
      AI_ALLOW_PRIVATE_BASE_URLS: 'true',
    });
    expect(allowed).toMatchObject({
      openaiBaseUrl: 'http://10.0.0.5:8000/v1',
      aiAllowPrivateBaseUrls: true,
    });
    expect(loadConfig({ GEMINI_BASE_URL: 'https://llm.example.com' })).toMatchObject({
      geminiBaseUrl: 'https://llm.example.com',
      aiAllowPrivateBaseUrls: false,
    });
  });
});
