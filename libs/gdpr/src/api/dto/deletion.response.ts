import { json, type Schema } from '@app/platform';

const { boolean, integer, nullable, object, oneOfValues, string } = json;

export const DELETION_STARTED_MESSAGE = 'Data deletion process has been initiated.';

/** Operation 16's own envelope: at the top level, no `result`, HTTP 202. */
export const DELETION_STARTED: Schema = object({
  status: oneOfValues(['success']),
  message: { type: 'string', example: DELETION_STARTED_MESSAGE },
  data: object({
    jobId: string('Poll `users/data/delete/status` with it'),
    tasksCount: integer(),
  }),
  statusCode: { type: 'integer', enum: [202] },
});

export const DELETION_STATUS = object({
  isDeleteCompleted: boolean(),
  tasksLeft: integer(),
  lastTaskCompletedTime: nullable(integer('Epoch milliseconds; null until a task completes')),
});
