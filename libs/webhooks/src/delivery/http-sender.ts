import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import {
  checkedLookup,
  isRefusedLiteral,
  PrivateTargetError,
  type ResolveAll,
} from '@app/platform';

/** A 2xx must come within this long (D11.5). */
export const ATTEMPT_TIMEOUT_MS = 15_000;
/** How much of an answer the delivery log keeps. */
export const RESPONSE_EXCERPT_BYTES = 1024;

export interface SendOutcome {
  status?: number;
  durationMs: number;
  /** The first 1 KiB of the answer's body. */
  response?: string;
  /** Why no answer came (refused target, timeout, connection error). */
  error?: string;
}

/**
 * POSTs webhook bodies: no redirects followed (a 3xx is a failure), 15 s for the whole
 * answer, kept-alive connections, and targets on private or loopback addresses refused
 * after resolution unless allowed (every address of a name is checked).
 */
export class HttpSender {
  // No socket limit here: lanes bound the requests to each destination, and a request queued
  // in the agent would use up its 15 s before it is even sent.
  private readonly http = new HttpAgent({ keepAlive: true });
  private readonly https = new HttpsAgent({ keepAlive: true });
  private readonly lookup: LookupFunction;

  /** `resolveAll`: how names are resolved (the system's resolver unless a test gives one). */
  constructor(
    private readonly allowPrivate: boolean,
    resolveAll?: ResolveAll,
  ) {
    this.lookup = checkedLookup(allowPrivate, resolveAll);
  }

  async send(target: string, body: string, headers: Record<string, string>): Promise<SendOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return { durationMs: 0, error: 'not a URL' };
    }
    if (isRefusedLiteral(url.hostname, this.allowPrivate)) {
      return { durationMs: 0, error: new PrivateTargetError().message };
    }
    const secure = url.protocol === 'https:';
    if (!secure && url.protocol !== 'http:') return { durationMs: 0, error: 'not an http(s) URL' };
    return new Promise<SendOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: Omit<SendOutcome, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...outcome, durationMs: elapsed() });
      };
      const req = (secure ? httpsRequest : httpRequest)(
        url,
        {
          method: 'POST',
          agent: secure ? this.https : this.http,
          lookup: this.lookup,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body).toString(),
            'user-agent': 'collab-admin-server-webhooks/1',
            ...headers,
          },
        },
        (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          res.on('data', (chunk: Buffer) => {
            if (kept < RESPONSE_EXCERPT_BYTES) {
              chunks.push(chunk.subarray(0, RESPONSE_EXCERPT_BYTES - kept));
              kept += Math.min(chunk.length, RESPONSE_EXCERPT_BYTES - kept);
            }
          });
          res.on('end', () =>
            finish({
              status: res.statusCode,
              // Postgres text takes no NUL; a cut character at the end is dropped.
              response: Buffer.concat(chunks)
                .toString('utf8')
                .replace(/\u0000/g, '')
                .replace(/\uFFFD$/, ''),
            }),
          );
          res.on('error', (err) => finish({ status: res.statusCode, error: String(err.message) }));
        },
      );
      const timer = setTimeout(() => {
        req.destroy(new Error(`no answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`));
      }, ATTEMPT_TIMEOUT_MS);
      req.on('error', (err) =>
        finish({
          error: err instanceof PrivateTargetError ? err.message : `${err.name}: ${err.message}`,
        }),
      );
      req.end(body);
    });
  }

  close(): void {
    this.http.destroy();
    this.https.destroy();
  }
}
