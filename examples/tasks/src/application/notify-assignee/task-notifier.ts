import { Injectable, Logger } from '@nestjs/common';

export interface TaskCompletedNotice {
  apiKey: string;
  organizationId: string;
  taskId: string;
  assigneeId: string;
  /** Stable per event: a receiver drops a notice it has seen (delivery is at least once). */
  noticeId: string;
}

/**
 * Where a completed task's assignee is told. This one only logs the ids; a real module would
 * send an email or a push message here. Tests replace it with `overrideProvider`.
 */
@Injectable()
export class TaskNotifier {
  private readonly logger = new Logger('TaskNotifier');

  async notify(notice: TaskCompletedNotice): Promise<void> {
    this.logger.log({ msg: 'task completed', taskId: notice.taskId, noticeId: notice.noticeId });
  }
}
