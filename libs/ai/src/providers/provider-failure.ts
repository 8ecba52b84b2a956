import { ServiceError } from '@app/platform';
import type { AiProvider } from '@app/workspaces';

/** The provider's own words, from the shapes the three SDKs give their errors. */
function providerMessage(error: unknown): string {
  const e = error as { error?: unknown; message?: unknown };
  const body = e?.error as { message?: unknown; error?: { message?: unknown } } | undefined;
  const message = body?.error?.message ?? body?.message ?? e?.message;
  return typeof message === 'string' && message !== '' ? message : 'The provider refused the call';
}

/** A key must never leave in an answer, whatever a provider chose to echo. */
const withoutKey = (message: string, apiKey: string): string =>
  apiKey ? message.split(apiKey).join('[redacted]') : message;

/**
 * D12.3: how a provider call that failed is answered. `deadlineHit`: our overall deadline
 * aborted it (the SDKs report that as an abort or a connection error).
 */
export function providerFailure(
  error: unknown,
  provider: AiProvider,
  apiKey: string,
  deadlineHit: boolean,
): ServiceError {
  const name = (error as Error)?.name ?? '';
  if (deadlineHit || /Timeout/i.test(name)) {
    return new ServiceError('DEADLINE_EXCEEDED', `${provider} did not answer in time`, {
      provider,
    });
  }
  const status = (error as { status?: unknown })?.status;
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
