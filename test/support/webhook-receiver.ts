import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { waitFor } from '@app/testing';

/** A call a receiver got: path, headers and the raw body, as a customer's server sees them. */
export interface ReceivedCall {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
  /** Settles when the connection of the call's answer closes: answered, or given up by the sender. */
  closed: Promise<void>;
}

/**
 * Decides the answer to a call: status (and body); by default 200. `delayMs` holds the answer
 * for a time, `heldUntil` until the test settles the promise.
 */
export type Responder = (
  call: ReceivedCall,
  index: number,
) =>
  | number
  | {
      status: number;
      body?: string;
      delayMs?: number;
      heldUntil?: Promise<unknown>;
      headers?: Record<string, string>;
    };

/** A real local HTTP server standing in for a customer's webhook endpoint. */
export class WebhookReceiver {
  readonly calls: ReceivedCall[] = [];
  respond: Responder = () => 200;
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(respond?: Responder): Promise<WebhookReceiver> {
    const self: { receiver?: WebhookReceiver } = {};
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const call: ReceivedCall = {
          path: req.url ?? '/',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
          closed: new Promise<void>((resolve) => res.once('close', () => resolve())),
        };
        const index = self.receiver!.calls.push(call) - 1;
        const answer = self.receiver!.respond(call, index);
        const { status, body, delayMs, heldUntil, headers } =
          typeof answer === 'number'
            ? { status: answer, body: 'ok', delayMs: 0, heldUntil: undefined, headers: {} }
            : answer;
        const send = () => {
          res.writeHead(status, { 'content-type': 'text/plain', ...headers });
          res.end(body ?? '');
        };
        // Not kept alive by a held answer: a test that ends first closes the server.
        if (heldUntil) void heldUntil.then(send, send);
        else if (delayMs) setTimeout(send, delayMs).unref();
        else send();
      });
    });
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const receiver = new WebhookReceiver(server, `http://127.0.0.1:${port}`);
    if (respond) receiver.respond = respond;
    self.receiver = receiver;
    return receiver;
  }

  /** Calls to `path` (from the `since`-th call on) whose JSON body and call satisfy `match`. */
  matching(
    path: string,
    match: (body: any, call: ReceivedCall) => boolean = () => true,
    since = 0,
  ): ReceivedCall[] {
    return this.calls.slice(since).filter((c) => {
      if (c.path !== path) return false;
      try {
        return match(JSON.parse(c.body), c);
      } catch {
        return false;
      }
    });
  }

  /** How many calls came so far: a mark to take before a step, for `nextSince`. */
  mark(): number {
    return this.calls.length;
  }

  /**
   * Waits for a call to `path` that came after `mark` (so one the step after the mark caused,
   * not an earlier one) and whose JSON body and call satisfy `match`.
   */
  async nextSince(
    mark: number,
    path: string,
    match?: (body: any, call: ReceivedCall) => boolean,
    timeoutMs = 15_000,
  ): Promise<ReceivedCall> {
    return waitFor(async () => this.matching(path, match, mark)[0], timeoutMs, 20);
  }

  /** Waits for a call to `path` matching `match`. */
  async next(
    path: string,
    match?: (body: any) => boolean,
    timeoutMs = 15_000,
  ): Promise<ReceivedCall> {
    return waitFor(async () => this.matching(path, match)[0], timeoutMs, 20);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
