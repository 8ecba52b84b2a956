export * from './create-test-app';
export * from './overrides';
export * from './settle';
export * from './test-database';
export * from './wait-for';
export * from './suite-cluster';
