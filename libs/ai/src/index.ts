// Public surface of the Ask AI library.
export * from './ai.module';
