// A webhook receiver in a thread of its own, as a customer's receiver is a program of its own:
// its work does not hold up the server's event loop. Answers 200 at once (`/fail`: 500;
// `/half`: 500 to every other call), keeps the first arrival of each webhook-id at `/ok` and
// `/half` (the destinations measured), and reports when asked.
import { createServer } from 'node:http';
import { parentPort } from 'node:worker_threads';

const firstArrival = new Map<string, number>();
let calls = 0;
let failed = 0;
let halfCalls = 0;

const server = createServer((req, res) => {
  const at = Date.now();
  const id = String(req.headers['webhook-id']);
  req.resume();
  req.on('end', () => {
    calls++;
    const measured = req.url === '/ok' || req.url === '/half';
    if (measured && !firstArrival.has(id)) firstArrival.set(id, at);
    if (req.url === '/fail' || (req.url === '/half' && halfCalls++ % 2 === 0)) {
      failed++;
      res.writeHead(500).end('no');
      return;
    }
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
