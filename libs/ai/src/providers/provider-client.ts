import type { AiProvider } from '@app/workspaces';

/** One completion asked of a provider: the prompt is the instruction, the text its input. */
export interface CompletionRequest {
  model: string;
  prompt: string;
  text: string;
  apiKey: string;
  /** Unset: the SDK's own endpoint. */
  baseUrl?: string;
  /** Per attempt; the overall deadline is `signal`. */
  timeoutMs: number;
  signal: AbortSignal;
}

export interface Completion {
  text: string;
  inputTokens: number;
  outputTokens: number;
}

/** One provider's official SDK behind the same call. */
export interface ProviderClient {
  readonly provider: AiProvider;
  /**
   * Loads the SDK (once; at start it is not loaded). Awaited before the call's deadline starts:
   * loading is the server's own one-time cost, not time the provider took.
   */
  load(): Promise<unknown>;
  complete(request: CompletionRequest): Promise<Completion>;
}

/** One retry of a 429 or 5xx (see `retryOnce`), then the failure is the caller's. */
export const MAX_RETRIES = 1;

export const PROVIDER_CLIENTS = Symbol('PROVIDER_CLIENTS');
