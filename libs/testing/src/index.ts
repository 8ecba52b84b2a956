export * from './create-test-app';
export * from './test-database';
export * from './wait-for';
