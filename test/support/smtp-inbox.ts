import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** One message the inbox accepted, decoded enough for a test to read. */
export interface ReceivedMail {
  /** The envelope: MAIL FROM and RCPT TO. */
  from: string;
  to: string[];
  /** Header names lower-cased, values unfolded (encoded words left as they are). */
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

/** An SMTP reply an answer function may give instead of accepting: `451`, `550`. */
export type SmtpAnswer = number | undefined;

const decodeQuotedPrintable = (body: string) =>
  Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** A MIME part's body as text, by its transfer encoding. */
function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** RFC 2047 words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) of a header value, decoded. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function split(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** The text and HTML parts of a message (single part, or multipart at any depth). */
function partsOf(headers: Map<string, string>, body: string, out: { text: string; html: string }) {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = split(chunk.replace(/^\r?\n/, ''));
      partsOf(part.headers, part.body, out);
    }
  } else if (/^text\/html/i.test(type)) {
    out.html += decodeBody(headers, body);
  } else if (/^text\/plain/i.test(type)) {
    out.text += decodeBody(headers, body);
  }
}

export function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const { headers, body } = split(raw);
  const parts = { text: '', html: '' };
  partsOf(headers, body, parts);
  return {
    from,
    to,
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: parts.text.replace(/\r\n/g, '\n'),
    html: parts.html.replace(/\r\n/g, '\n'),
    raw,
  };
}

/**
 * A local SMTP relay for tests (the `smtp-server` package): no TLS, no login; it keeps every
 * message it accepts. `answer` may refuse a message (after its data) with an SMTP code; each
 * refusal is counted.
 */
export class SmtpInbox {
  readonly mails: ReceivedMail[] = [];
  /** Messages refused, with their code. */
  readonly refused: { code: number; to: string[] }[] = [];
  answer: (mail: ReceivedMail) => SmtpAnswer = () => undefined;
  /** Connections opened so far. */
  connections = 0;
  /** While set, a new connection gets no greeting: a sender waits before its first command. */
  holding = false;
  private readonly held: (() => void)[] = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly url: string,
  ) {}

  static async start(): Promise<SmtpInbox> {
    const self: { inbox?: SmtpInbox } = {};
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      disableReverseLookup: true,
      onConnect(_session, callback) {
        const inbox = self.inbox!;
        inbox.connections++;
        if (inbox.holding) inbox.held.push(() => callback());
        else callback();
      },
      onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((r) => r.address);
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          const mail = parseMail(Buffer.concat(chunks).toString('latin1'), from, to);
          const code = self.inbox!.answer(mail);
          if (code !== undefined) {
            self.inbox!.refused.push({ code, to });
            const error = Object.assign(new Error(`refused for the test (${code})`), {
              responseCode: code,
            });
            return callback(error);
          }
          self.inbox!.mails.push(mail);
          callback();
        });
      },
    });
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () =>
        resolve((server.server.address() as { port: number }).port),
      ),
    );
    self.inbox = new SmtpInbox(server, `smtp://127.0.0.1:${port}`);
    return self.inbox;
  }

  /** Greets the connections held so far (and the next ones). */
  release(): void {
    this.holding = false;
    for (const greet of this.held.splice(0)) greet();
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
