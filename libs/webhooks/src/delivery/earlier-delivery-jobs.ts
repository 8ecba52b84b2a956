import { Injectable } from '@nestjs/common';
import { JobHandler } from '@app/platform';

/**
 * Versions before deliveries were their own queue attempted them through `webhooks.deliver`
 * jobs. One an earlier instance still makes during a rolling deploy ends at once (its
 * deliveries are due rows, claimed by the workers), so it is not left pending, dispatched
 * again every sweep, in the way of the jobs that need the sweep.
 */
@Injectable()
export class EarlierDeliveryJobs {
  @JobHandler('webhooks.deliver')
  async complete(): Promise<void> {}
}
