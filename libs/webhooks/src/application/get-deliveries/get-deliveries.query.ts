import { QueryOf, type Page } from '@app/platform';
import type { ApiKeyTenant } from '@app/workspaces';

/** Filters of the delivery log, all optional; times in epoch ms (`to` excluded). */
export interface DeliveryFilter {
  status?: string;
  eventType?: string;
  endpointId?: string;
  from?: number;
  to?: number;
}

export interface AttemptView {
  attempt: number;
  at: number;
  httpStatus: number | null;
  durationMs: number;
  response: string | null;
  error: string | null;
}

export interface DeliveryView {
  deliveryId: string;
  eventId: string;
  eventType: string;
  destination: string;
  endpointId: string | null;
  url: string;
  status: string;
  attempts: AttemptView[];
  createdAt: number;
  nextAttemptAt: number | null;
}

/** `.../webhooks/deliveries/get` (D11.5): the key's deliveries, newest first, keyset pages. */
export class GetDeliveriesQuery extends QueryOf<
  { tenant: ApiKeyTenant; filter: DeliveryFilter; pageSize: number; pageToken?: string },
  Page<DeliveryView>
>() {}
