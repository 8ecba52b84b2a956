// The email scenario's mail relay in a thread of its own, as a real relay is a program of its
// own: an SMTP server (no TLS, no login) that accepts every message at once and keeps, for
// each marker (`mk<thread>x<comment>`) it finds in a message, when that message was accepted.
import { parentPort } from 'node:worker_threads';
import { SMTPServer } from 'smtp-server';

const MARKER = /mk\d+x\d+/;
const accepted = new Map<string, number>();
let messages = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  size: 1024 * 1024,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const at = Date.now();
      messages++;
      const marker = MARKER.exec(Buffer.concat(chunks).toString('latin1'))?.[0];
      if (marker && !accepted.has(marker)) accepted.set(marker, at);
      callback();
    });
  },
});

parentPort!.on('message', (message: 'report' | 'close') => {
  if (message === 'report') {
    parentPort!.postMessage({ accepted: [...accepted], messages });
  } else {
    server.close(() => parentPort!.close());
  }
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.server.address() as { port: number };
  parentPort!.postMessage({ url: `smtp://127.0.0.1:${port}` });
});
