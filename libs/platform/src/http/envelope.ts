import type { RpcStatus } from './service-error';

export interface SuccessEnvelope<T> {
  result: { status: 'success'; message: string; data: T };
}

export interface FailureEnvelope {
  error: { status: RpcStatus; message: string; details?: Record<string, unknown>; code?: number };
}

export function success<T>(data: T, message: string): SuccessEnvelope<T> {
  return { result: { status: 'success', message, data } };
}
