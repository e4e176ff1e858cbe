/**
 * The channel benchmark's load, in a worker thread: one /ws socket per member of one channel;
 * a few senders post to the channel at a fixed rate each; every member's socket records when
 * each message arrived, so each delivery's latency (send → that member's receipt), losses and
 * duplicates are counted over all members.
 */
import type WebSocket from 'ws';
import { frameText } from '../../src/ws/frame-text.js';
import type { BenchClient } from './chat-bench-kit.js';
import { drainAndClose, openSockets, serveLoad } from './load-sockets.js';

export interface ChannelLoadInput {
  clients: BenchClient[];
  channelId: number;
  /** Indexes into `clients` of those who post. */
  senders: number[];
  perSenderPerSecond: number;
  seconds: number;
}

export interface ChannelLoadResult {
  sent: number;
  /** Messages × members: every member's socket (the sender's too) should get each message once. */
  expected: number;
  delivered: number;
  lost: number;
  duplicated: number;
  errors: number;
  latenciesMs: number[];
  /** Per message, until the last member had it. */
  allMembersMs: number[];
}

async function run(input: ChannelLoadInput, ready: () => Promise<void>): Promise<ChannelLoadResult> {
  const members = input.clients.length;
  const sentAt: number[] = [];
  const receivedBy: Uint8Array[] = [];
  const lastAt: number[] = [];
  const latenciesMs: number[] = [];
  let delivered = 0;
  let duplicated = 0;
  let errors = 0;

  const onFrame = (member: number, data: WebSocket.RawData) => {
    const frame = JSON.parse(frameText(data)) as { type: string; message?: { channelId: number | null; message: string } };
    if (frame.type === 'error') errors += 1;
    if (frame.type !== 'chat' || frame.message?.channelId !== input.channelId) return;
    const seq = Number(frame.message.message.slice('bench:'.length));
    const seen = (receivedBy[seq] ??= new Uint8Array(members));
    if (seen[member]) {
      duplicated += 1;
      return;
    }
    seen[member] = 1;
    delivered += 1;
    const now = performance.now();
    const start = sentAt[seq];
    if (start !== undefined) latenciesMs.push(now - start);
    lastAt[seq] = Math.max(lastAt[seq] ?? 0, now);
  };

  const sockets = await openSockets(input.clients, 50, onFrame);
  await ready();

  // Each sender keeps its own steady rate; together they post senders × rate messages a second.
  const perSender = Math.round(input.perSenderPerSecond * input.seconds);
  const total = perSender * input.senders.length;
  const began = performance.now();
  let seq = 0;
  const sentBy = input.senders.map(() => 0);
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(perSender, Math.floor(((performance.now() - began) / 1000) * input.perSenderPerSecond));
      input.senders.forEach((member, index) => {
        while ((sentBy[index] ?? 0) < due) {
          sentAt[seq] = performance.now();
          sockets[member]?.send(JSON.stringify({ type: 'chat', channelId: input.channelId, content: `bench:${seq}` }));
          seq += 1;
          sentBy[index] = (sentBy[index] ?? 0) + 1;
        }
      });
      if (seq >= total) resolve();
      else setTimeout(tick, 5);
    };
    tick();
  });

  await drainAndClose(sockets, () => delivered >= total * members);
  const allMembersMs: number[] = [];
  for (let index = 0; index < total; index += 1) {
    const complete = receivedBy[index]?.every((got) => got === 1);
    const start = sentAt[index];
    const last = lastAt[index];
    if (complete && start !== undefined && last !== undefined) allMembersMs.push(last - start);
  }
  return {
    sent: total,
    expected: total * members,
    delivered,
    lost: total * members - delivered,
    duplicated,
    errors,
    latenciesMs,
    allMembersMs,
  };
}

serveLoad(run);
