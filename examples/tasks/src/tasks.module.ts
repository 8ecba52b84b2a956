import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { Migrations } from '@app/platform';
import { TasksController } from './api/tasks.controller';
import { CompleteTaskHandler } from './application/complete-task/complete-task.handler';
import { CreateTaskHandler } from './application/create-task/create-task.handler';
import { GetTasksHandler } from './application/get-tasks/get-tasks.handler';
import { TaskCompletedHandler } from './application/notify-assignee/task-completed.handler';
import { TaskNotifier } from './application/notify-assignee/task-notifier';
import { TaskEraser } from './erasure/task-eraser';
import { TaskExporter } from './export/task.exporter';
import { ExampleTasks1764000000000 } from './migrations/1764000000000-example-tasks';
import { TasksOfDeletedOrganizationSubscriber } from './organization-deleted/tasks-of-deleted-organization.subscriber';
import { TaskProjection } from './read-models/task.projection';
import { TaskWebhookEvents } from './webhooks/task-webhook-events';

/**
 * An extension module, plugged in through the module contract alone: its migration
 * (`@Migrations`), projection (`@Projection`), durable event handler (`@EventsHandler`),
 * eraser (`@Eraser`), exporter (`@Exporter`), organization deletion subscriber (`@Subscriber`) and webhook event type (`@WebhookEvents`) are found at start. Add it with `AppModule.forRoot(config, secrets,
 * [TasksModule])` or `createTestApp({ modules: [TasksModule] })`.
 */
@Migrations(ExampleTasks1764000000000)
@Module({
  imports: [CqrsModule],
  controllers: [TasksController],
  providers: [
    CreateTaskHandler,
    CompleteTaskHandler,
    GetTasksHandler,
    TaskProjection,
    TaskCompletedHandler,
    TaskNotifier,
    TaskEraser,
    TaskExporter,
    TaskWebhookEvents,
    TasksOfDeletedOrganizationSubscriber,
  ],
})
export class TasksModule {}
