// Public surface of the access library: the module and the access check other features call.
export * from './access.module';
export { UserAccess, type AccessTarget } from './application/user-access/user-access';
export { canonicalJson } from './domain/canonical-json';
export { grantedOn } from './application/user-access/granted-sql';
