import { Logger } from '@nestjs/common';
import type { AppConfig } from '@app/platform';
import { Client } from 'pg';

/** The channel the trigger notifies when it commits deliveries. */
export const DELIVERIES_CHANNEL = 'webhook_deliveries';
/** A lost connection is made again after this long (the worker polls meanwhile). */
const RECONNECT_MS = 5_000;

/**
 * Postgres only: a connection of its own that LISTENs for the trigger's NOTIFY, so that every
 * instance hears of new deliveries at their commit, not at its next poll. Embedded PGlite has
 * one process: the trigger wakes the worker itself.
 */
export class DeliveriesListener {
  private readonly logger = new Logger('Webhooks');
  private client?: Client;
  private stopped = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly config: Pick<AppConfig, 'databaseUrl'>,
    /** Told of each notification, with its payload (the notifying instance). */
    private readonly heard: (from?: string) => void,
  ) {}

  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.config.databaseUrl });
    client.on('notification', (n) => this.heard(n.payload));
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${DELIVERIES_CHANNEL}`);
      this.heard(); // what was committed while it was not listening
    } catch (err) {
      this.logger.warn({ msg: 'webhook listener not connected', err: String(err) });
      this.lost(client);
    }
  }

  private lost(client: Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    void client.end().catch(() => undefined);
    if (!this.stopped) this.timer = setTimeout(() => void this.connect(), RECONNECT_MS);
  }
}
