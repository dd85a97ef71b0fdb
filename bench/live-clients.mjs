// Worker thread of live.bench.mjs: N socket.io clients spread over the nodes' URLs; reports when each stroke
// id reached each client.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { io } from 'socket.io-client';

const { urls, token, clients } = workerData;
const receipts = []; // [id, epochMs] — latency is measured per client, per stroke
const now = () => performance.timeOrigin + performance.now();
let connected = 0;
const sockets = Array.from({ length: clients }, (_, i) => {
  const s = io(urls[i % urls.length], { auth: { token }, transports: ['websocket'], reconnection: false });
  s.on('connect', () => {
    // Strokes go only to sockets that asked; ready once the server has taken the request.
    s.emit('strokes:subscribe', () => {
      if (++connected === clients) parentPort.postMessage({ ready: true });
    });
  });
  s.on('connect_error', (e) => parentPort.postMessage({ error: e.message }));
  s.on('strokes', (batch) => {
    const t = now();
    for (const stroke of batch) receipts.push(stroke[0], t); // compact strokes: [id, epoch ms, …]
  });
  return s;
});
parentPort.on('message', (msg) => {
  if (msg === 'report') {
    for (const s of sockets) s.close();
    parentPort.postMessage({ receipts: Float64Array.from(receipts) });
  }
});
