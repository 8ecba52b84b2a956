import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DocumentsModule } from '@app/documents';
import { OrganizationsModule } from '@app/organizations';
import { UsersController } from './api/users.controller';
import { AddUsersHandler } from './application/add-users/add-users.handler';
import { GetUsersHandler } from './application/get-users/get-users.handler';
import { UpdateUsersHandler } from './application/update-users/update-users.handler';
import { KnownAuthorsSubscriber } from './application/known-authors/known-authors.subscriber';
import { UserRecordEraser } from './erasure/user-record-eraser';
import { UserProjection } from './read-models/user.projection';
import { Migrations } from '@app/platform';
import { Users1763856000005 } from './migrations/1763856000005-users';
import { UsersByUserIndex1764300000071 } from './migrations/1764300000071-users-by-user-index';

@Migrations(Users1763856000005, UsersByUserIndex1764300000071)
@Module({
  imports: [CqrsModule, OrganizationsModule, DocumentsModule],
  controllers: [UsersController],
  providers: [
    UserProjection,
    AddUsersHandler,
    UpdateUsersHandler,
    GetUsersHandler,
    UserRecordEraser,
    KnownAuthorsSubscriber,
  ],
})
export class UsersModule {}
