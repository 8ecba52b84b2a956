import { SetMetadata } from '@nestjs/common';
import type { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { JobFunction } from '../queue/job';

const JOB_HANDLER_KEY = 'service:job-handler';

/**
 * Marks a provider's method as the handler of a job name; the queue finds it at start:
 * `@JobHandler('tasks.remind') remind(job: JobRun<RemindData>) {...}`. Jobs run at least
 * once, so a handler must be idempotent (a deterministic job id, work that checks what is done).
 */
export const JobHandler = (name: string): MethodDecorator => SetMetadata(JOB_HANDLER_KEY, name);

/** Every `@JobHandler` method of the application's providers, by job name. */
export function discoverJobHandlers(
  discovery: DiscoveryService,
  scanner: MetadataScanner,
): Map<string, JobFunction<any>> {
  const handlers = new Map<string, JobFunction<any>>();
  for (const wrapper of discovery.getProviders()) {
    const instance = wrapper.instance as Record<string, unknown> | undefined;
    if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
    for (const method of scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
      const name: string | undefined = Reflect.getMetadata(
        JOB_HANDLER_KEY,
        instance[method] as object,
      );
      if (name === undefined) continue;
      if (handlers.has(name)) throw new Error(`Two handlers for job ${name}`);
      handlers.set(name, (job) => (instance[method] as JobFunction<any>).call(instance, job));
    }
  }
  return handlers;
}
