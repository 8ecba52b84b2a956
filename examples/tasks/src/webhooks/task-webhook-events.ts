import { Injectable } from '@nestjs/common';
import {
  WebhookEvents,
  type WebhookEventSource,
  type WebhookOffer,
  type WebhookSourceEvent,
} from '@app/platform';
import { TaskCompleted } from '../domain/task.events';

/** The webhook event type this module offers: advanced endpoints may filter on it. */
export const TASK_COMPLETED_WEBHOOK = 'example-tasks.task-completed';

/**
 * Offers completed tasks to webhooks through the module contract: the webhooks library
 * finds this provider and sends `example-tasks.task-completed` to the advanced endpoints
 * that want it. Nothing in the server names this module.
 */
@Injectable()
@WebhookEvents()
export class TaskWebhookEvents implements WebhookEventSource {
  readonly handles = [TaskCompleted.type];
  readonly eventTypes = [TASK_COMPLETED_WEBHOOK];

  async offer(events: WebhookSourceEvent[]): Promise<WebhookOffer[]> {
    return events.filter(TaskCompleted.is).map((event) => {
      const { apiKey, organizationId, taskId, assigneeId, at } = event.data;
      return {
        eventId: event.eventId,
        eventType: TASK_COMPLETED_WEBHOOK,
        apiKey,
        organizationId,
        payload: {
          event: TASK_COMPLETED_WEBHOOK,
          timestamp: at,
          data: { metadata: { apiKey, organizationId }, task: { taskId, assigneeId } },
        },
        userIds: assigneeId ? [assigneeId] : [],
      };
    });
  }
}
