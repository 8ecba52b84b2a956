// Public surface of the example tasks module: the module, its events and its notifier port.
export * from './tasks.module';
export * from './domain/task.events';
export {
  TaskNotifier,
  type TaskCompletedNotice,
} from './application/notify-assignee/task-notifier';
export { TASK_COMPLETED_WEBHOOK } from './webhooks/task-webhook-events';
