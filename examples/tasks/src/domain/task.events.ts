import { defineEvent, type EventOf } from '@app/event-store';

interface TaskRef {
  apiKey: string;
  organizationId: string;
  taskId: string;
}

export const TaskCreated = defineEvent<
  TaskRef & { title: string; assigneeId: string | null; at: number }
>()('example-tasks.task-created');

export const TaskCompleted = defineEvent<TaskRef & { assigneeId: string | null; at: number }>()(
  'example-tasks.task-completed',
);

/** The assignee was erased by a user data deletion job: the task stays, unassigned. */
export const TaskAssigneeErased = defineEvent<TaskRef & { at: number }>()(
  'example-tasks.task-assignee-erased',
);

export const TASK_EVENTS = { TaskCreated, TaskCompleted, TaskAssigneeErased };
export type TaskEvent = EventOf<typeof TASK_EVENTS>;
