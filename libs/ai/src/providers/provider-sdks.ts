import { loadOnce } from '@app/platform';

// The provider SDKs, loaded on the first Ask AI call that needs one rather than at start:
// together they are a few hundred milliseconds of module loading that a server whose tenants
// never ask AI would pay at every start.

/** The SDKs' request-timeout error classes, of the SDKs loaded so far. */
const timeoutErrors: (abstract new (...args: never[]) => Error)[] = [];

/** An SDK that names its request-timeout error class, which is noted once it is loaded. */
type SdkWithTimeoutError = { default: { APIConnectionTimeoutError: (typeof timeoutErrors)[0] } };

const withTimeoutError = <S extends SdkWithTimeoutError>(load: () => Promise<S>) =>
  loadOnce(() =>
    load().then((sdk) => {
      timeoutErrors.push(sdk.default.APIConnectionTimeoutError);
      return sdk;
    }),
  );

export const loadOpenAiSdk = withTimeoutError(() => import('openai'));
export const loadAnthropicSdk = withTimeoutError(() => import('@anthropic-ai/sdk'));
export const loadGeminiSdk = loadOnce(() => import('@google/genai'));

/**
 * The SDKs' own request timeout (openai and anthropic name the class; openai sets no `name`).
 * An SDK not loaded yet made no call, so none of its errors can be at hand.
 */
export const isSdkConnectionTimeout = (error: unknown): boolean =>
  timeoutErrors.some((type) => error instanceof type);
