import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { GetTasksQuery, type TaskView } from './get-tasks.query';

/** Reads the projection's table only, scoped to the caller's API key. */
@QueryHandler(GetTasksQuery)
export class GetTasksHandler implements IQueryHandler<GetTasksQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ tenant, organizationId }: GetTasksQuery): Promise<TaskView[]> {
    const rows: {
      task_id: string;
      title: string;
      assignee_id: string | null;
      completed: boolean;
    }[] = await this.dataSource.query(
      `SELECT task_id, title, assignee_id, completed FROM example_tasks
         WHERE api_key = $1 AND organization_id = $2 ORDER BY task_id LIMIT 1000`,
      [tenant.apiKey, organizationId],
    );
    return rows.map((r) => ({
      taskId: r.task_id,
      title: r.title,
      assigneeId: r.assignee_id,
      completed: r.completed,
    }));
  }
}
