import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

/** A request the fake got: what SendGrid's v3 API would see. */
export interface SendGridRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

/** The status to answer a request with (202 by default), decided per request. */
export type SendGridAnswer = (request: SendGridRequest, index: number) => number;

/** A local HTTP server standing in for api.sendgrid.com (SENDGRID_BASE_URL points at it). */
export class FakeSendGrid {
  readonly requests: SendGridRequest[] = [];
  answer: SendGridAnswer = () => 202;
  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeSendGrid> {
    const self: { fake?: FakeSendGrid } = {};
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const request: SendGridRequest = {
          method: req.method ?? '',
          path: req.url ?? '/',
          headers: req.headers,
          body: text ? JSON.parse(text) : undefined,
        };
        const index = self.fake!.requests.push(request) - 1;
        const status = self.fake!.answer(request, index);
        if (status === 202) {
          res.writeHead(202, { 'x-message-id': `msg-${index}` });
          res.end();
          return;
        }
        // SendGrid's error body; it may quote the request (an address), never to be logged.
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ message: `refused ${status}`, field: 'to' }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    self.fake = new FakeSendGrid(server, `http://127.0.0.1:${port}`);
    return self.fake;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
