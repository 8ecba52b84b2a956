import { json, namedSchema } from '@app/platform';

const { boolean, nullable, object, string } = json;

/** The task an operation acted on. */
export const TASK_REF = object({ taskId: string() });

export const TASK_VIEW = namedSchema(
  'TaskView',
  object({
    taskId: string(),
    title: string(),
    assigneeId: nullable(string()),
    completed: boolean(),
  }),
);
