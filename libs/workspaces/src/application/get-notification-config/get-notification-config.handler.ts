import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import type { NotificationSwitch } from '../../domain/api-key.events';
import { readNotificationSwitch } from '../common/notification-switch';
import { GetNotificationConfigQuery } from './get-notification-config.query';

@QueryHandler(GetNotificationConfigQuery)
export class GetNotificationConfigHandler implements IQueryHandler<GetNotificationConfigQuery> {
  constructor(private readonly dataSource: DataSource) {}

  execute({ tenant }: GetNotificationConfigQuery): Promise<NotificationSwitch> {
    return readNotificationSwitch(this.dataSource.manager, tenant.apiKey);
  }
}
