import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { registeredErasers, type ErasureFootprint, type UserDataEraser } from '@app/platform';
import type { DeletionTask } from '../domain/deletion-job.events';

/**
 * Every `@Eraser()` of the application, found at first use (after start-up, when all
 * providers exist), and the task plan they make: per organization, each data kind, then each
 * identity kind.
 */
@Injectable()
export class RegisteredErasers {
  private found?: Map<string, UserDataEraser>;

  constructor(private readonly discovery: DiscoveryService) {}

  /** Where the users have data, and every name and email the erasers know them by. */
  async locate(apiKey: string, userIds: string[]): Promise<Required<ErasureFootprint>> {
    const footprints = await Promise.all(this.erasers().map((e) => e.locate(apiKey, userIds)));
    return {
      organizations: [...new Set(footprints.flatMap((f) => f.organizations))],
      words: [...new Set(footprints.flatMap((f) => f.words ?? []))],
    };
  }

  plan(organizations: string[]): DeletionTask[] {
    const kinds = [...this.byKind().keys()];
    const ordered = [
      ...kinds.filter((k) => !this.isIdentity(k)),
      ...kinds.filter((k) => this.isIdentity(k)),
    ];
    return organizations.flatMap((organizationId) =>
      ordered.map((kind) => ({ organizationId, kind })),
    );
  }

  /** The eraser of a kind; a job planned when a since-removed module was there cannot go on. */
  eraserOf(kind: string): UserDataEraser {
    const eraser = this.byKind().get(kind);
    if (!eraser) throw new Error(`No eraser registered for the kind ${kind}`);
    return eraser;
  }

  isIdentity(kind: string): boolean {
    return this.byKind().get(kind)?.stage === 'identity';
  }

  private erasers(): UserDataEraser[] {
    return [...new Set(this.byKind().values())];
  }

  private byKind(): Map<string, UserDataEraser> {
    if (this.found) return this.found;
    const found = new Map<string, UserDataEraser>();
    for (const eraser of registeredErasers(this.discovery)) {
      for (const kind of eraser.kinds) {
        if (found.has(kind)) throw new Error(`Two erasers for the kind ${kind}`);
        found.set(kind, eraser);
      }
    }
    return (this.found = found);
  }
}
