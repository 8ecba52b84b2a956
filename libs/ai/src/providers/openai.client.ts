import { Injectable } from '@nestjs/common';
import type OpenAI from 'openai';
import { takesPromptInUserMessage } from '../domain/model-provider';
import { ProviderFetch } from './provider-fetch';
import { loadOpenAiSdk } from './provider-sdks';
import { retryOnce } from './retry-once';
import { type Completion, type CompletionRequest, type ProviderClient } from './provider-client';

/** OpenAI chat completions through the `openai` SDK. */
@Injectable()
export class OpenAiClient implements ProviderClient {
  readonly provider = 'openai' as const;

  constructor(private readonly guarded: ProviderFetch) {}

  load = loadOpenAiSdk;

  async complete(r: CompletionRequest): Promise<Completion> {
    const { default: OpenAiSdk } = await this.load();
    const client = new OpenAiSdk({
      apiKey: r.apiKey,
      baseURL: r.baseUrl,
      // Private targets refused, redirects not followed (D12.4).
      fetch: this.guarded.fetch,
      timeout: r.timeoutMs,
      // Retried once by `retryOnce`, not by the SDK (see there).
      maxRetries: 0,
      // Nothing from the server's environment goes to a workspace's endpoint, and the SDK
      // never logs a request (OPENAI_LOG=debug would print the text).
      organization: null,
      project: null,
      defaultHeaders: {},
      logLevel: 'off',
    });
    const messages: OpenAI.ChatCompletionMessageParam[] = takesPromptInUserMessage(r.model)
      ? [{ role: 'user', content: `${r.prompt}\n\n${r.text}` }]
      : [
          { role: 'system', content: r.prompt },
          { role: 'user', content: r.text },
        ];
    const answer = await retryOnce(r.signal, () =>
      client.chat.completions.create({ model: r.model, messages }, { signal: r.signal }),
    );
    return {
      text: answer.choices[0]?.message?.content ?? '',
      inputTokens: answer.usage?.prompt_tokens ?? 0,
      outputTokens: answer.usage?.completion_tokens ?? 0,
    };
  }
}
