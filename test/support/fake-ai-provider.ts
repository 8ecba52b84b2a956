import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Socket } from 'node:net';

export type ProviderKind = 'openai' | 'anthropic' | 'gemini';

/**
 * How the fake answers: in the provider's wire format, with an error status, never, 429
 * asking the caller to come back in an hour (`slow-down`), or a 307 to another URL.
 */
export type FakeMode = 'ok' | 401 | 500 | 'hang' | 'slow-down' | { redirectTo: string };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** Settles when the caller closes the connection before an answer was sent in full. */
  abandoned: Promise<void>;
}

export interface FakeProvider {
  /** The base URL to configure as the workspace's `baseUrl`. */
  url: string;
  requests: RecordedRequest[];
  mode: FakeMode;
  /** The text the next successful answers carry. */
  answer: string;
  close(): Promise<void>;
}

/** Token counts every fake reports, so usage totals can be checked. */
export const FAKE_USAGE = { input: 11, output: 7 };

const okBody = (kind: ProviderKind, text: string, model: string) => {
  if (kind === 'openai') {
    return {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 1,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: FAKE_USAGE.input,
        completion_tokens: FAKE_USAGE.output,
        total_tokens: FAKE_USAGE.input + FAKE_USAGE.output,
      },
    };
  }
  if (kind === 'anthropic') {
    return {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text }],
      stop_reason: 'end_turn',
      usage: { input_tokens: FAKE_USAGE.input, output_tokens: FAKE_USAGE.output },
    };
  }
  return {
    candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }],
    usageMetadata: {
      promptTokenCount: FAKE_USAGE.input,
      candidatesTokenCount: FAKE_USAGE.output,
      totalTokenCount: FAKE_USAGE.input + FAKE_USAGE.output,
    },
  };
};

/** Each provider's 401 body; OpenAI's echoes the key, as the real one echoes part of it. */
const unauthorizedBody = (kind: ProviderKind, key: string) => {
  if (kind === 'openai') {
    return {
      error: {
        message: `Incorrect API key provided: ${key}.`,
        type: 'invalid_request_error',
        code: 'invalid_api_key',
      },
    };
  }
  if (kind === 'anthropic') {
    return { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } };
  }
  return { error: { code: 401, message: 'API key not valid.', status: 'UNAUTHENTICATED' } };
};

const keyOf = (kind: ProviderKind, headers: IncomingHttpHeaders): string => {
  if (kind === 'openai') return String(headers.authorization ?? '').replace(/^Bearer /, '');
  if (kind === 'anthropic')
    return String(headers['x-api-key'] ?? headers.authorization ?? '').replace(/^Bearer /, '');
  return String(headers['x-goog-api-key'] ?? '');
};

const modelOf = (kind: ProviderKind, path: string, body: Record<string, unknown>): string =>
  kind === 'gemini'
    ? decodeURIComponent(/models\/([^:]+):/.exec(path)?.[1] ?? '')
    : String(body.model);

/** A real HTTP server on 127.0.0.1 speaking one provider's API, recording what it was sent. */
export async function startFakeProvider(kind: ProviderKind): Promise<FakeProvider> {
  const sockets = new Set<Socket>();
  const fake = { requests: [], mode: 'ok', answer: 'fake answer' } as unknown as FakeProvider;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      const path = req.url ?? '';
      const abandoned = new Promise<void>((resolve) =>
        res.once('close', () => !res.writableFinished && resolve()),
      );
      fake.requests.push({ method: req.method ?? '', path, headers: req.headers, body, abandoned });
      if (fake.mode === 'hang') return;
      if (typeof fake.mode === 'object') {
        res.writeHead(307, { location: fake.mode.redirectTo });
        res.end();
        return;
      }
      if (fake.mode === 'slow-down') {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '3600' });
        res.end(JSON.stringify({ error: { message: 'slow down', type: 'rate_limit' } }));
        return;
      }
      const [status, payload] =
        fake.mode === 'ok'
          ? [200, okBody(kind, fake.answer, modelOf(kind, path, body))]
          : fake.mode === 401
            ? [401, unauthorizedBody(kind, keyOf(kind, req.headers))]
            : [500, { error: { message: 'upstream exploded', type: 'server_error' } }];
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  // OpenAI's SDK appends `/chat/completions` to its base URL, which includes `/v1`.
  fake.url = `http://127.0.0.1:${port}${kind === 'openai' ? '/v1' : ''}`;
  fake.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  return fake;
}
