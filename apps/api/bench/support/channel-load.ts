/**
 * One share of the channel benchmark's clients, in a worker thread of its own (the benchmark
 * runs several, so no one thread handles every socket): one /ws socket per member of the
 * share; those of them who send post to the channel on their own schedule. A message carries
 * the wall-clock time it was sent, so whichever thread receives it measures its latency
 * (send → that member's receipt, when its socket's 'message' event runs); every thread counts
 * losses and duplicates among its members.
 */
import type WebSocket from 'ws';
import { frameText } from '../../src/ws/frame-text.js';
import type { BenchClient } from './chat-bench-kit.js';
import { drainAndClose, openSockets, serveLoad } from './load-sockets.js';

export interface ChannelLoadInput {
  /** This share's members. */
  clients: BenchClient[];
  channelId: number;
  /** The senders among them: their index in `clients`, and when in each period they send (0 ≤ phase < 1). */
  senders: { client: number; number: number; phase: number }[];
  /** Senders in all shares: message `seq` is sender `seq % senderCount`'s. */
  senderCount: number;
  perSenderPerSecond: number;
  seconds: number;
}

export interface ChannelLoadResult {
  /** Sent by this share's senders. */
  sent: number;
  /** Deliveries to this share's members. */
  delivered: number;
  duplicated: number;
  errors: number;
  latenciesMs: number[];
  /** Per message (by seq): how many of this share's members got it, and the latest of their latencies. */
  receivedCount: number[];
  slowestMs: number[];
}

/** The go message: when the first period starts, as `wallClockMs()` reads it in every thread. */
export interface ChannelLoadGo {
  startAt: number;
}

/** Milliseconds since the epoch with sub-millisecond resolution, comparable between the threads of one process. */
export const wallClockMs = () => performance.timeOrigin + performance.now();

const PREFIX = 'bench:';

async function run(input: ChannelLoadInput, ready: () => Promise<ChannelLoadGo>): Promise<ChannelLoadResult> {
  const members = input.clients.length;
  const perSender = Math.round(input.perSenderPerSecond * input.seconds);
  const total = perSender * input.senderCount;
  const receivedBy = new Map<number, Uint8Array>();
  const receivedCount = new Array<number>(total).fill(0);
  const slowestMs = new Array<number>(total).fill(0);
  const latenciesMs: number[] = [];
  let delivered = 0;
  let duplicated = 0;
  let errors = 0;

  const onFrame = (member: number, data: WebSocket.RawData) => {
    const receivedAt = wallClockMs();
    const frame = JSON.parse(frameText(data)) as { type: string; message?: { channelId: number | null; message: string } };
    if (frame.type === 'error') errors += 1;
    if (frame.type !== 'chat' || frame.message?.channelId !== input.channelId) return;
    const [seqText = '', sentAtText = ''] = frame.message.message.slice(PREFIX.length).split(':');
    const seq = Number(seqText);
    let seen = receivedBy.get(seq);
    if (!seen) receivedBy.set(seq, (seen = new Uint8Array(members)));
    if (seen[member]) {
      duplicated += 1;
      return;
    }
    seen[member] = 1;
    delivered += 1;
    const latency = receivedAt - Number(sentAtText);
    latenciesMs.push(latency);
    receivedCount[seq] = (receivedCount[seq] ?? 0) + 1;
    slowestMs[seq] = Math.max(slowestMs[seq] ?? 0, latency);
  };

  const sockets = await openSockets(input.clients, 50, onFrame);
  const { startAt } = await ready();

  // Sender n's i-th message is due at startAt + (i + phase) periods, whoever else sends meanwhile.
  const periodMs = 1000 / input.perSenderPerSecond;
  // Every share waits for the whole schedule, the shares without senders too, before it drains.
  const lastSendAt = startAt + perSender * periodMs;
  const sentBy = input.senders.map(() => 0);
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = wallClockMs();
      input.senders.forEach((sender, index) => {
        while ((sentBy[index] ?? 0) < perSender && now >= startAt + ((sentBy[index] ?? 0) + sender.phase) * periodMs) {
          const seq = (sentBy[index] ?? 0) * input.senderCount + sender.number;
          const content = `${PREFIX}${seq}:${wallClockMs()}`;
          sockets[sender.client]?.send(JSON.stringify({ type: 'chat', channelId: input.channelId, content }));
          sentBy[index] = (sentBy[index] ?? 0) + 1;
        }
      });
      if (now >= lastSendAt && sentBy.every((count) => count >= perSender)) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });

  await drainAndClose(sockets, () => delivered >= total * members);
  return { sent: perSender * input.senders.length, delivered, duplicated, errors, latenciesMs, receivedCount, slowestMs };
}

serveLoad(run);
