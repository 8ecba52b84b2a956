import { Injectable } from '@nestjs/common';
import { commentSourceExists } from '@app/collaboration';
import { AggregateRepository } from '@app/event-store';
import { JobHandler, type JobRun } from '@app/platform';
import { DERIVED_NOTIFICATIONS_ACTOR } from '../../domain/derived-activity';
import { addressesAnyone, released, withoutReaders } from '../../domain/derived-delivery';
import { notificationTarget } from '../../domain/notification.aggregate';
import { DELIVER_JOB, type DeliverJobData } from './deliver-job';

/**
 * Delivers a held-back derived notification when it is due (D9.8), in one transaction: the
 * seen check drops the users who read it meanwhile (the hosted update's `readByUserIds`), and
 * deletes it when nobody is left or when what it tells of is gone (its annotation, or its
 * comment, deleted meanwhile); otherwise it is stored again without its hold, which puts it in
 * its recipients' inboxes and pages. A notification already delivered or deleted is left as it
 * is, so a job run twice, or both jobs of a window that filled early, deliver once.
 */
@Injectable()
export class NotificationDelivery {
  constructor(private readonly repository: AggregateRepository) {}

  @JobHandler(DELIVER_JOB)
  async deliver({ id, data }: JobRun<DeliverJobData>): Promise<void> {
    const { apiKey, organizationId, notificationId, source } = data;
    const ref = { apiKey, organizationId, notificationId };
    const metadata = { apiKey, actor: DERIVED_NOTIFICATIONS_ACTOR, causationId: id };
    await this.repository.update(
      notificationTarget(ref),
      metadata,
      async (notification, { manager }) => {
        const content = notification.content;
        if (content?.heldUntil === undefined) return;
        const at = Date.now();
        const there =
          !source ||
          (await commentSourceExists(manager, {
            apiKey,
            organizationId,
            documentId: content.documentId,
            ...source,
          }));
        const left = there && withoutReaders(content, Object.keys(notification.readBy));
        if (left && addressesAnyone(left)) notification.add(released(left), at);
        else notification.delete(at);
      },
    );
  }
}
