import { createServer } from 'node:net';

/** A port of 127.0.0.1 nobody listens on right now (the system's choice of a free one). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}
