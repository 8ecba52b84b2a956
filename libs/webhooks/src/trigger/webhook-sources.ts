import { Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import {
  WebhookEvents,
  WebhookPayloadExtras,
  type WebhookEventSource,
  type WebhookPayloadExtension,
} from '@app/platform';

/**
 * Every `@WebhookEvents()` provider of the application, and every `@WebhookPayloadExtras()`
 * one, found at first use.
 */
@Injectable()
export class WebhookSources {
  private found?: WebhookEventSource[];
  private extensions?: WebhookPayloadExtension[];

  constructor(private readonly discovery: DiscoveryService) {}

  all(): WebhookEventSource[] {
    return (this.found ??= this.instances<WebhookEventSource>(WebhookEvents.KEY));
  }

  /** Every webhook event type offered (for endpoint filters). */
  eventTypes(): string[] {
    return [...new Set(this.all().flatMap((s) => s.eventTypes))].sort();
  }

  /** What adds to other modules' payloads (per-user notification settings). */
  extras(): WebhookPayloadExtension[] {
    return (this.extensions ??= this.instances<WebhookPayloadExtension>(WebhookPayloadExtras.KEY));
  }

  private instances<T>(metadataKey: string): T[] {
    return this.discovery
      .getProviders({ metadataKey })
      .map((w) => w.instance as T | undefined)
      .filter((s): s is T => !!s);
  }
}
