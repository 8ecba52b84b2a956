// A webhook receiver in a thread of its own, as a customer's receiver is a program of its own:
// its work does not hold up the server's event loop. Answers 200 at once (`/fail`: 500), keeps
// the first arrival of each webhook-id at `/ok` (the destination measured), and reports when
// asked.
import { createServer } from 'node:http';
import { parentPort } from 'node:worker_threads';

const firstArrival = new Map<string, number>();
let calls = 0;
let failed = 0;

const server = createServer((req, res) => {
  const at = Date.now();
  const id = String(req.headers['webhook-id']);
  req.resume();
  req.on('end', () => {
    calls++;
    if (req.url === '/fail') {
      failed++;
      res.writeHead(500).end('no');
      return;
    }
    if (req.url === '/ok' && !firstArrival.has(id)) firstArrival.set(id, at);
    res.writeHead(200).end('ok');
  });
});
server.keepAliveTimeout = 60_000;

parentPort!.on('message', (message: 'report' | 'close') => {
  if (message === 'report') {
    parentPort!.postMessage({ firstArrival: [...firstArrival], calls, failed });
  } else {
    server.closeAllConnections();
    server.close(() => parentPort!.close());
  }
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  parentPort!.postMessage({ url: `http://127.0.0.1:${port}` });
});
