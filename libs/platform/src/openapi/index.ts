// The OpenAPI document's schemas: requests from class-validator rules, answers as JSON schemas.
export * as json from './schema';
export { namedSchema, NULL_DATA, type Schema } from './schema';
export * from './responses';
export * from './request-schemas';
export * from './complete-document';
export * from './deferred-decorators';
export * from './docs-routes';
