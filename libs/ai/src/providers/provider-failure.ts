import { guardedFetchRefusal, PrivateTargetError, ServiceError } from '@app/platform';
import type { AiProvider } from '@app/workspaces';
import { isSdkConnectionTimeout } from './provider-sdks';

/** Longest provider message passed on: enough to act on, not a page of whatever answered. */
const MAX_MESSAGE = 500;

/** Gemini's error message is the provider's JSON body; the message is inside it. */
function innerMessage(message: unknown): unknown {
  if (typeof message !== 'string' || !message.startsWith('{')) return message;
  try {
    const body = JSON.parse(message) as { error?: { message?: unknown } };
    return body.error?.message ?? message;
  } catch {
    return message;
  }
}

/** The provider's own words, from the shapes the three SDKs give their errors. */
function providerMessage(error: unknown): string {
  const e = error as { error?: unknown; message?: unknown };
  const body = e?.error as { message?: unknown; error?: { message?: unknown } } | undefined;
  const message = innerMessage(body?.error?.message ?? body?.message ?? e?.message);
  return typeof message === 'string' && message !== '' ? message : 'The provider refused the call';
}

/** A key must never leave in an answer, whatever a provider chose to echo (raw or JSON-escaped). */
function withoutKey(message: string, apiKey: string): string {
  if (!apiKey) return message.slice(0, MAX_MESSAGE);
  const escaped = JSON.stringify(apiKey).slice(1, -1);
  return message
    .split(apiKey)
    .join('[redacted]')
    .split(escaped)
    .join('[redacted]')
    .slice(0, MAX_MESSAGE);
}

/** What stopped a call before the provider answered: our deadline or the caller leaving. */
export type StoppedBy = 'deadline' | 'caller' | undefined;

/**
 * D12.3: how a provider call that failed is answered. `stoppedBy`: the signal that aborted it
 * (the SDKs report an abort as an abort or a connection error).
 */
export function providerFailure(
  error: unknown,
  provider: AiProvider,
  apiKey: string,
  stoppedBy: StoppedBy,
): ServiceError {
  if (stoppedBy === 'caller') {
    return new ServiceError('CANCELLED', 'The caller went away; the provider call was stopped', {
      provider,
    });
  }
  const refusal = guardedFetchRefusal(error);
  if (refusal instanceof PrivateTargetError) {
    return new ServiceError(
      'PERMISSION_DENIED',
      `The ${provider} endpoint resolves to a private or loopback address; the server allows one only with AI_ALLOW_PRIVATE_BASE_URLS=true`,
      { provider },
    );
  }
  if (refusal) {
    return new ServiceError('UNAVAILABLE', `${provider} ${refusal.message}`, {
      provider,
      providerStatus: refusal.status,
    });
  }
  // The provider's HTTP status first: a 408 or a 504 it answered is not our deadline.
  const status = (error as { status?: unknown })?.status;
  if (stoppedBy === 'deadline' || (typeof status !== 'number' && isSdkConnectionTimeout(error))) {
    return new ServiceError('DEADLINE_EXCEEDED', `${provider} did not answer in time`, {
      provider,
    });
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ServiceError('INVALID_ARGUMENT', withoutKey(providerMessage(error), apiKey), {
      provider,
      providerStatus: status,
    });
  }
  if (typeof status === 'number') {
    return new ServiceError('UNAVAILABLE', `${provider} failed to answer (HTTP ${status})`, {
      provider,
      providerStatus: status,
    });
  }
  return new ServiceError('UNAVAILABLE', `${provider} could not be reached`, { provider });
}
