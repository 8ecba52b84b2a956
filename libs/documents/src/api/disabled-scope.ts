import type { RpcStatus } from '@app/platform';

const DISABLED = 'the organization or the document is disabled (D6.6)';

/**
 * The `Rpc` errors of a write of user content (collaboration data, notifications): a disabled
 * organization or document refuses it with FAILED_PRECONDITION, beside its own failures.
 */
export function refusedWhenDisabled(
  errors: Partial<Record<RpcStatus, string>>,
): Partial<Record<RpcStatus, string>> {
  const own = errors.FAILED_PRECONDITION;
  return { ...errors, FAILED_PRECONDITION: own ? `${own}; or ${DISABLED}` : DISABLED };
}
