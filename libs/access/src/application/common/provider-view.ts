import type { PermissionProviderSettings } from '../../domain/access-settings.aggregate';

/** The permission provider settings as callers read them (hosted shape). */
export interface PermissionProviderView {
  usePermissionProvider: boolean;
  permissionProviderConfig: { permissionProviderUrl: string; authToken: string };
}

/** The provider's token is never shown: its last four characters after "..." (as D3.5). */
export const providerView = (s: PermissionProviderSettings): PermissionProviderView => ({
  usePermissionProvider: s.usePermissionProvider,
  permissionProviderConfig: {
    permissionProviderUrl: s.permissionProviderUrl,
    authToken: s.sealedAuthToken ? `...${s.authTokenLast4}` : '',
  },
});
