import { Aggregate, streamId, streamTarget } from '@app/event-store';
import { DomainError } from '@app/platform';
import { TaskAssigneeErased, TaskCompleted, TaskCreated, type TaskEvent } from './task.events';

export const TASK_STREAM_TYPE = 'example-task';
export const taskStream = (apiKey: string, organizationId: string, taskId: string) =>
  streamId(TASK_STREAM_TYPE, apiKey, organizationId, taskId);

/** Where a task's events are, and how to start one from nothing (for `AggregateRepository.update`). */
export const taskTarget = (apiKey: string, organizationId: string, taskId: string) =>
  streamTarget(
    TASK_STREAM_TYPE,
    taskStream(apiKey, organizationId, taskId),
    () => new Task(apiKey, organizationId, taskId),
  );

/** A task: created once, completed once, its assignee erasable. */
export class Task extends Aggregate<TaskEvent> {
  exists = false;
  completed = false;
  assigneeId: string | null = null;

  constructor(
    readonly apiKey: string,
    readonly organizationId: string,
    readonly taskId: string,
  ) {
    super();
  }

  create(title: string, assigneeId: string | null, at: number): void {
    if (this.exists) throw new DomainError('ALREADY_EXISTS', `Task ${this.taskId} already exists`);
    this.raise(TaskCreated({ ...this.ref(), title, assigneeId, at }));
  }

  complete(at: number): void {
    if (!this.exists) throw new DomainError('NOT_FOUND', `Task ${this.taskId} not found`);
    if (this.completed) return; // completing twice changes nothing
    this.raise(TaskCompleted({ ...this.ref(), assigneeId: this.assigneeId, at }));
  }

  eraseAssignee(at: number): void {
    if (this.assigneeId !== null) this.raise(TaskAssigneeErased({ ...this.ref(), at }));
  }

  private ref() {
    return { apiKey: this.apiKey, organizationId: this.organizationId, taskId: this.taskId };
  }

  protected when(event: TaskEvent): void {
    if (TaskCreated.is(event)) {
      this.exists = true;
      this.assigneeId = event.data.assigneeId;
    } else if (TaskCompleted.is(event)) this.completed = true;
    else if (TaskAssigneeErased.is(event)) this.assigneeId = null;
  }
}
