import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ServiceError } from '@app/platform';
import { DataSource } from 'typeorm';
import { GetUserDeletionStatusQuery, type UserDeletionStatus } from './get-deletion-status.query';

@QueryHandler(GetUserDeletionStatusQuery)
export class GetUserDeletionStatusHandler implements IQueryHandler<GetUserDeletionStatusQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ tenant, jobId }: GetUserDeletionStatusQuery): Promise<UserDeletionStatus> {
    const [row] = await this.dataSource.query(
      `SELECT tasks_left, last_task_completed_time, completed FROM user_data_deletions
       WHERE api_key = $1 AND job_id = $2`,
      [tenant.apiKey, jobId],
    );
    if (!row) throw new ServiceError('NOT_FOUND', 'Deletion job does not exist', { jobId }, 404);
    return {
      isDeleteCompleted: row.completed,
      tasksLeft: Number(row.tasks_left),
      lastTaskCompletedTime:
        row.last_task_completed_time === null ? null : Number(row.last_task_completed_time),
    };
  }
}
