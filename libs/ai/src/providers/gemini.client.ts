import { Injectable } from '@nestjs/common';
import { ProviderFetch } from './provider-fetch';
import { loadGeminiSdk } from './provider-sdks';
import {
  MAX_RETRIES,
  type Completion,
  type CompletionRequest,
  type ProviderClient,
} from './provider-client';

/** Gemini generateContent through `@google/genai`: the prompt is the system instruction. */
@Injectable()
export class GeminiClient implements ProviderClient {
  readonly provider = 'gemini' as const;

  constructor(private readonly guarded: ProviderFetch) {}

  load = loadGeminiSdk;

  async complete(r: CompletionRequest): Promise<Completion> {
    const { GoogleGenAI } = await this.load();
    const client = new GoogleGenAI({
      apiKey: r.apiKey,
      // The Gemini API with this key, never Vertex AI from the server's environment.
      vertexai: false,
      httpOptions: {
        ...(r.baseUrl !== undefined && { baseUrl: r.baseUrl }),
        timeout: r.timeoutMs,
        // Private targets refused, redirects not followed (D12.4).
        fetch: this.guarded.fetch,
        // The same policy as the other SDKs: one retry of a 429 or 5xx.
        retryOptions: {
          attempts: 1 + MAX_RETRIES,
          initialDelay: 0.5,
          maxDelay: 2,
          httpStatusCodes: [429, 500, 502, 503, 504],
        },
      },
    });
    const answer = await client.models.generateContent({
      model: r.model,
      contents: r.text,
      config: { systemInstruction: r.prompt, abortSignal: r.signal },
    });
    return {
      text: answer.text ?? '',
      inputTokens: answer.usageMetadata?.promptTokenCount ?? 0,
      outputTokens: answer.usageMetadata?.candidatesTokenCount ?? 0,
    };
  }
}
