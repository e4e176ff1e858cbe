/**
 * The chat benchmark's load, run in a worker thread so the clients do not share the
 * servers' event loop: opens one WebSocket per user, sends messages between random pairs
 * at a fixed rate, and measures send-to-receipt latency at the receiver.
 */
import type WebSocket from 'ws';
import { frameText } from '../../src/ws/frame-text.js';
import type { BenchClient } from './chat-bench-kit.js';
import { drainAndClose, openSockets, serveLoad } from './load-sockets.js';

export interface LoadInput {
  clients: BenchClient[];
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

async function run(input: LoadInput, ready: () => Promise<void>): Promise<LoadResult> {
  const connectStart = performance.now();
  const sentAt = new Map<number, number>();
  const received = new Map<number, number>();
  const latenciesMs: number[] = [];
  let errors = 0;

  const onFrame = (index: number, data: WebSocket.RawData) => {
    const userId = input.clients[index]?.userId;
    const frame = JSON.parse(frameText(data)) as { type: string; message?: { receiverId: number; message: string } };
    if (frame.type === 'error') errors += 1;
    if (frame.type !== 'chat' || !frame.message || frame.message.receiverId !== userId) return;
    const seq = Number(frame.message.message.slice('bench:'.length));
    const count = (received.get(seq) ?? 0) + 1;
    received.set(seq, count);
    const start = sentAt.get(seq);
    if (count === 1 && start !== undefined) latenciesMs.push(performance.now() - start);
  };

  const sockets = await openSockets(input.clients, 100, onFrame);
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
        const from = Math.floor(Math.random() * users.length);
        let to = from;
        while (to === from) to = Math.floor(Math.random() * users.length);
        const receiverId = users[to] as number;
        const content = `bench:${seq}`;
        const frame = input.protocol === 'crm' ? { type: 'chat', receiverId, content } : { to: receiverId, content };
        sentAt.set(seq, performance.now());
        sockets[from]?.send(JSON.stringify(frame));
        seq += 1;
      }
      if (seq >= total) resolve();
      else setTimeout(tick, 5);
    };
    tick();
  });

  await drainAndClose(sockets, () => received.size >= total);
  let duplicated = 0;
  for (const count of received.values()) duplicated += count - 1;
  return { sent: total, delivered: received.size, lost: total - received.size, duplicated, errors, latenciesMs, connectMs };
}

serveLoad(run);
