import { Injectable } from '@nestjs/common';
import { ProviderFetch } from './provider-fetch';
import { loadAnthropicSdk } from './provider-sdks';
import { retryOnce } from './retry-once';
import { type Completion, type CompletionRequest, type ProviderClient } from './provider-client';

/** Anthropic's API requires a cap on the answer; this is generous for a rewrite. */
const MAX_OUTPUT_TOKENS = 4096;

/** Anthropic messages through `@anthropic-ai/sdk`: the prompt is the system instruction. */
@Injectable()
export class AnthropicClient implements ProviderClient {
  readonly provider = 'anthropic' as const;

  constructor(private readonly guarded: ProviderFetch) {}

  load = loadAnthropicSdk;

  async complete(r: CompletionRequest): Promise<Completion> {
    const { default: Anthropic } = await this.load();
    const client = new Anthropic({
      apiKey: r.apiKey,
      baseURL: r.baseUrl,
      // Private targets refused, redirects not followed (D12.4).
      fetch: this.guarded.fetch,
      timeout: r.timeoutMs,
      // Retried once by `retryOnce`, not by the SDK (see there).
      maxRetries: 0,
      // The SDK never logs a request (ANTHROPIC_LOG=debug would print the text).
      logLevel: 'off',
    });
    const answer = await retryOnce(r.signal, () =>
      client.messages.create(
        {
          model: r.model,
          max_tokens: MAX_OUTPUT_TOKENS,
          system: r.prompt,
          messages: [{ role: 'user', content: r.text }],
        },
        { signal: r.signal },
      ),
    );
    return {
      text: answer.content
        .filter((block) => block.type === 'text')
        .map((block) => block.text)
        .join(''),
      inputTokens: answer.usage?.input_tokens ?? 0,
      outputTokens: answer.usage?.output_tokens ?? 0,
    };
  }
}
