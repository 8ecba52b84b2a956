// Public surface of the organizations library: the module and what other features build on.
export * from './organizations.module';
export { OrganizationScope } from './application/common/organization-scope';
export { OrganizationDeleted } from './domain/organization.events';
export { FolderDeleted } from './domain/folder.events';
export { OrganizationDataSubscriber } from './application/common/organization-data-subscriber';
