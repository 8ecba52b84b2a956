import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { registeredExporters, type UserDataExporter } from '@app/platform';

/**
 * Every `@Exporter()` of the application by the feature it exports, found at first use
 * (after start-up, when all providers exist). A feature two exporters claim is a mistake:
 * the export refuses to run rather than answer one of them.
 */
@Injectable()
export class RegisteredExporters {
  private found?: ReadonlyMap<string, UserDataExporter>;

  constructor(private readonly discovery: DiscoveryService) {}

  /** Feature name → its exporter, in a stable (name) order. */
  byFeature(): ReadonlyMap<string, UserDataExporter> {
    if (this.found) return this.found;
    const found = new Map<string, UserDataExporter>();
    for (const { exporter, features } of registeredExporters(this.discovery)) {
      for (const feature of features) {
        if (found.has(feature)) throw new Error(`Two exporters for the feature ${feature}`);
        found.set(feature, exporter);
      }
    }
    return (this.found = new Map([...found].sort(([a], [b]) => (a < b ? -1 : 1))));
  }
}
