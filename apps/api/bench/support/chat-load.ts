/**
 * The chat benchmark's load, run in a worker thread so the clients do not share the
 * servers' event loop: opens one WebSocket per user, sends messages between random pairs
 * at a fixed rate, and measures send-to-receipt latency at the receiver.
 */
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { frameText } from '../../src/ws/frame-text.js';

export interface LoadClient {
  userId: number;
  url: string;
  cookie?: string;
}

export interface LoadInput {
  clients: LoadClient[];
  perSecond: number;
  seconds: number;
  /** 'crm': the /ws frames of docs/live-protocol.md; 'relay': the bare relay's frames. */
  protocol: 'crm' | 'relay';
}

export interface LoadResult {
  sent: number;
  delivered: number;
  lost: number;
  duplicated: number;
  errors: number;
  latenciesMs: number[];
  connectMs: number;
}

const DRAIN_MS = 10_000;

async function run(input: LoadInput, ready: () => Promise<void>): Promise<LoadResult> {
  const connectStart = performance.now();
  const sockets = new Map<number, WebSocket>();
  const sentAt = new Map<number, number>();
  const received = new Map<number, number>();
  const latenciesMs: number[] = [];
  let errors = 0;

  const onFrame = (userId: number, data: WebSocket.RawData) => {
    const frame = JSON.parse(frameText(data)) as { type: string; message?: { receiverId: number; message: string } };
    if (frame.type === 'error') errors += 1;
    if (frame.type !== 'chat' || !frame.message || frame.message.receiverId !== userId) return;
    const seq = Number(frame.message.message.slice('bench:'.length));
    const count = (received.get(seq) ?? 0) + 1;
    received.set(seq, count);
    const start = sentAt.get(seq);
    if (count === 1 && start !== undefined) latenciesMs.push(performance.now() - start);
  };

  for (let start = 0; start < input.clients.length; start += 100) {
    await Promise.all(
      input.clients.slice(start, start + 100).map(
        (client) =>
          new Promise<void>((resolve, reject) => {
            const socket = new WebSocket(client.url, { headers: client.cookie ? { cookie: client.cookie } : {} });
            socket.on('message', (data) => onFrame(client.userId, data));
            socket.once('open', () => {
              sockets.set(client.userId, socket);
              resolve();
            });
            socket.once('error', reject);
          }),
      ),
    );
  }
  const connectMs = performance.now() - connectStart;
  // The orchestrator says when the servers have registered every connection.
  await ready();

  const users = input.clients.map((client) => client.userId);
  const total = Math.round(input.perSecond * input.seconds);
  const began = performance.now();
  let seq = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - began) / 1000) * input.perSecond));
      while (seq < due) {
        const from = users[Math.floor(Math.random() * users.length)] as number;
        let to = from;
        while (to === from) to = users[Math.floor(Math.random() * users.length)] as number;
        const content = `bench:${seq}`;
        const frame = input.protocol === 'crm' ? { type: 'chat', receiverId: to, content } : { to, content };
        sentAt.set(seq, performance.now());
        sockets.get(from)?.send(JSON.stringify(frame));
        seq += 1;
      }
      if (seq >= total) resolve();
      else setTimeout(tick, 5);
    };
    tick();
  });

  const drainUntil = performance.now() + DRAIN_MS;
  while (received.size < total && performance.now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 50));
  await Promise.all(
    [...sockets.values()].map(
      (socket) =>
        new Promise<void>((resolve) => {
          socket.once('close', () => resolve());
          socket.close(1000);
        }),
    ),
  );
  let duplicated = 0;
  for (const count of received.values()) duplicated += count - 1;
  return { sent: total, delivered: received.size, lost: total - received.size, duplicated, errors, latenciesMs, connectMs };
}

/** Worker protocol: post 'connected', wait for 'go', post the result. */
if (parentPort) {
  const port = parentPort;
  const ready = () =>
    new Promise<void>((resolve) => {
      port.once('message', () => resolve());
      port.postMessage({ connected: true });
    });
  run(workerData as LoadInput, ready).then(
    (result) => port.postMessage({ ok: true, result }),
    (error: unknown) => port.postMessage({ ok: false, error: String(error) }),
  );
}
