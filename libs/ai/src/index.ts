// Public surface of the Ask AI library.
export * from './ai.module';
// Tests replace how provider host names resolve (a name that resolves inside, D12.4).
export { AI_RESOLVE_ALL } from './providers/provider-fetch';
