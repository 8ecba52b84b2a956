import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags, CONFLICT, json, RequestData, Rpc } from '@app/platform';
import { ApiKeyAuth, Tenant, type ApiKeyTenant } from '@app/workspaces';
import { CompleteTaskCommand } from '../application/complete-task/complete-task.command';
import { CreateTaskCommand } from '../application/create-task/create-task.command';
import { GetTasksQuery } from '../application/get-tasks/get-tasks.query';
import { CompleteTaskRequest } from './dto/complete-task.request';
import { CreateTaskRequest } from './dto/create-task.request';
import { GetTasksRequest } from './dto/get-tasks.request';
import { TASK_REF, TASK_VIEW } from './dto/tasks.response';

/** The example's operations: the same envelope, auth and validation as the server's own. */
@ApiTags('example: tasks')
@Controller()
export class TasksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Rpc('v2/example/tasks/create', {
    message: 'Task created.',
    summary: 'Create a task in an organization',
    data: CreateTaskRequest,
    response: TASK_REF,
    errors: { ...CONFLICT, ALREADY_EXISTS: 'a task with this id exists' },
  })
  @ApiKeyAuth()
  create(@Tenant() tenant: ApiKeyTenant, @RequestData() data: CreateTaskRequest) {
    return this.commands.execute(
      new CreateTaskCommand({
        tenant,
        organizationId: data.organizationId,
        taskId: data.taskId,
        title: data.title,
        assigneeId: data.assigneeId ?? null,
      }),
    );
  }

  @Rpc('v2/example/tasks/complete', {
    message: 'Task completed.',
    summary: 'Mark a task completed',
    data: CompleteTaskRequest,
    response: TASK_REF,
    errors: { ...CONFLICT, NOT_FOUND: 'no task with this id' },
  })
  @ApiKeyAuth()
  complete(@Tenant() tenant: ApiKeyTenant, @RequestData() data: CompleteTaskRequest) {
    return this.commands.execute(
      new CompleteTaskCommand({ tenant, organizationId: data.organizationId, taskId: data.taskId }),
    );
  }

  @Rpc('v2/example/tasks/get', {
    message: 'Tasks retrieved.',
    summary: "Read an organization's tasks",
    data: GetTasksRequest,
    response: json.arrayOf(TASK_VIEW),
  })
  @ApiKeyAuth()
  get(@Tenant() tenant: ApiKeyTenant, @RequestData() data: GetTasksRequest) {
    return this.queries.execute(new GetTasksQuery(tenant, data.organizationId));
  }
}
