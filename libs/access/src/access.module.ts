import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { Migrations } from '@app/platform';
import { AccessController } from './api/access.controller';
import { PermissionProviderController } from './api/permission-provider.controller';
import { AddPermissionsHandler } from './application/add-permissions/add-permissions.handler';
import { AccessReader } from './application/common/access-reader';
import { AccessSettingsStore } from './application/common/access-settings.store';
import { UserPermissionStreams } from './application/common/user-permission-streams';
import { GenerateSignatureHandler } from './application/generate-signature/generate-signature.handler';
import { GenerateTokenHandler } from './application/generate-token/generate-token.handler';
import { GetPermissionProviderConfigHandler } from './application/get-permission-provider-config/get-permission-provider-config.handler';
import { GetPermissionsHandler } from './application/get-permissions/get-permissions.handler';
import { GetVerificationKeysHandler } from './application/get-verification-keys/get-verification-keys.handler';
import { OrganizationPermissionsSubscriber } from './application/organization-deleted/organization-permissions.subscriber';
import { RemovePermissionsHandler } from './application/remove-permissions/remove-permissions.handler';
import { UpdatePermissionProviderConfigHandler } from './application/update-permission-provider-config/update-permission-provider-config.handler';
import { UserAccess } from './application/user-access/user-access';
import { PermissionEraser } from './erasure/permission-eraser';
import { AccessPermissions1764400000400 } from './migrations/1764400000400-access-permissions';
import { PermissionProjection } from './read-models/permission.projection';

/** Client authentication and permissions (D15). */
@Migrations(AccessPermissions1764400000400)
@Module({
  imports: [CqrsModule],
  controllers: [AccessController, PermissionProviderController],
  providers: [
    AccessReader,
    AccessSettingsStore,
    UserPermissionStreams,
    UserAccess,
    PermissionProjection,
    PermissionEraser,
    OrganizationPermissionsSubscriber,
    AddPermissionsHandler,
    RemovePermissionsHandler,
    GetPermissionsHandler,
    GenerateTokenHandler,
    GenerateSignatureHandler,
    GetVerificationKeysHandler,
    GetPermissionProviderConfigHandler,
    UpdatePermissionProviderConfigHandler,
  ],
  exports: [UserAccess],
})
export class AccessModule {}
