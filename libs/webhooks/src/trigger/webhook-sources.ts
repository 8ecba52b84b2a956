import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { WebhookEvents, type WebhookEventSource } from '@app/platform';

/** Every `@WebhookEvents()` provider of the application, found at first use. */
@Injectable()
export class WebhookSources {
  private found?: WebhookEventSource[];

  constructor(private readonly discovery: DiscoveryService) {}

  all(): WebhookEventSource[] {
    if (!this.found) {
      this.found = this.discovery
        .getProviders({ metadataKey: WebhookEvents.KEY })
        .map((w) => w.instance as WebhookEventSource | undefined)
        .filter((s): s is WebhookEventSource => !!s);
    }
    return this.found;
  }

  /** Every webhook event type offered (for endpoint filters). */
  eventTypes(): string[] {
    return [...new Set(this.all().flatMap((s) => s.eventTypes))].sort();
  }
}
