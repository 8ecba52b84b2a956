import { loadOnce } from '@app/platform';

/**
 * The provider SDKs, loaded on the first Ask AI call that needs one rather than at start:
 * together they are a few hundred milliseconds of module loading that a server whose tenants
 * never ask AI would pay at every start.
 */
const importOpenAi = () => import('openai');
const importAnthropic = () => import('@anthropic-ai/sdk');
const importGemini = () => import('@google/genai');

/** The SDKs' request-timeout error classes, of the SDKs loaded so far. */
const timeoutErrors: (abstract new (...args: never[]) => Error)[] = [];

export const loadOpenAiSdk = loadOnce(() =>
  importOpenAi().then((sdk) => {
    timeoutErrors.push(sdk.default.APIConnectionTimeoutError);
    return sdk;
  }),
);

export const loadAnthropicSdk = loadOnce(() =>
  importAnthropic().then((sdk) => {
    timeoutErrors.push(sdk.default.APIConnectionTimeoutError);
    return sdk;
  }),
);

export const loadGeminiSdk = loadOnce(importGemini);

/**
 * The SDKs' own request timeout (openai and anthropic name the class; openai sets no `name`).
 * An SDK not loaded yet made no call, so none of its errors can be at hand.
 */
export const isSdkConnectionTimeout = (error: unknown): boolean =>
  timeoutErrors.some((type) => error instanceof type);
