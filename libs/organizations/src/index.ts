// Public surface of the organizations library: the module and what other features build on.
export * from './organizations.module';
export {
  OrganizationScope,
  type OpenScope,
  type ScopeRequest,
} from './application/shared/organization-scope';
export { OrganizationAdded, OrganizationUpdated } from './domain/organization.events';
export { FolderAdded, FolderUpdated } from './domain/folder.events';
export { Organizations1763856000003 } from './migrations/1763856000003-organizations';
