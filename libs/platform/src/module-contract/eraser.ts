import { DiscoveryService } from '@nestjs/core';
import { markedProviders } from './marked-providers';

/** Whom a user data deletion job erases from one organization (D8.3), as an eraser gets it. */
export interface ErasureSubject {
  apiKey: string;
  organizationId: string;
  userIds: string[];
  /** Names and emails the users are known by: mentions of them in free text are found by these. */
  words: string[];
  /** Metadata for any event the erasure records (the job's key, actor and id). */
  metadata: { apiKey: string; actor: string; causationId: string };
}

/** Where the users have data an eraser holds, and what they are known by there. */
export interface ErasureFootprint {
  organizations: string[];
  words?: string[];
}

/**
 * Personal data a module holds, erased by the user data deletion job (operations 16, 17).
 * Mark the provider `@Eraser()`: the job finds every eraser at start and plans one task per
 * kind and organization, so a module that stores users' data is erased with no edit to the
 * job. Tasks run at least once (after a crash, again): `erase` must be idempotent, and may
 * throw to be tried again later.
 */
export interface UserDataEraser {
  /** The kinds of data it erases (task names, stable: they are stored with each job). */
  readonly kinds: readonly string[];
  /**
   * `data` (the default) runs first. `identity` runs in an organization once all its data
   * tasks are done: the records that make a user known must outlive every mention of them,
   * and copies sent out (webhook deliveries) come after every task that may still make one.
   */
  readonly stage?: 'data' | 'identity';
  /** Where the users have data of these kinds (for a job that names no organizations). */
  locate(apiKey: string, userIds: string[]): Promise<ErasureFootprint>;
  /** Erases the users from one kind of data in one organization; answers records changed. */
  erase(kind: string, subject: ErasureSubject): Promise<number>;
}

/** Marks a provider as a `UserDataEraser`; the user data deletion job finds it at start. */
export const Eraser = DiscoveryService.createDecorator();

/** Every registered eraser of the application. */
export const registeredErasers = (discovery: DiscoveryService): UserDataEraser[] =>
  markedProviders<UserDataEraser>(discovery, Eraser.KEY).map((p) => p.instance);
