// Public surface of the Ask AI library.
export * from './ai.module';
export { AiUsage1763856000010 } from './migrations/1763856000010-ai-usage';
