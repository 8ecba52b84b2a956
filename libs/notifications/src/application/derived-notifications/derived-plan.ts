import type { Recipient } from '@app/collaboration';
import type { AggregateToSave, RecordedEvent } from '@app/event-store';
import type { DerivedActivity } from '../../domain/derived-activity';
import type { DerivedRules } from '../../domain/derived-rules';
import type { DeliverJobData, PlannedDelivery } from './deliver-job';

/** A comment change that notifies someone: its activity, who is told, and the key's rules. */
export interface DerivedChange {
  event: RecordedEvent;
  apiKey: string;
  organizationId: string;
  activity: DerivedActivity;
  /** After the recipients' settings: never empty. */
  recipients: Recipient[];
  rules: DerivedRules;
  source: DeliverJobData['source'];
}

/** What one batch of events makes: notifications to append (one append per key) and jobs. */
export class DerivedPlan {
  readonly byKey = new Map<string, AggregateToSave[]>();
  readonly deliveries: PlannedDelivery[] = [];

  save(apiKey: string, item: AggregateToSave): void {
    const list = this.byKey.get(apiKey);
    if (list) list.push(item);
    else this.byKey.set(apiKey, [item]);
  }
}
