/**
 * What the chat and channel load workers share: opening one /ws socket per client in batches,
 * waiting for the last deliveries, closing, and the worker's message protocol with the orchestrator.
 */
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import type { BenchClient } from './chat-bench-kit.js';

/** How long after the last send deliveries still count. */
const DRAIN_MS = 10_000;

/** One socket per client, `batch` connecting at a time; `onFrame` gets the client's index. */
export async function openSockets(
  clients: readonly BenchClient[],
  batch: number,
  onFrame: (index: number, data: WebSocket.RawData) => void,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let start = 0; start < clients.length; start += batch) {
    await Promise.all(
      clients.slice(start, start + batch).map(
        (client, offset) =>
          new Promise<void>((resolve, reject) => {
            const socket = new WebSocket(client.url, { headers: client.cookie ? { cookie: client.cookie } : {} });
            socket.on('message', (data) => onFrame(start + offset, data));
            socket.once('open', () => {
              sockets[start + offset] = socket;
              resolve();
            });
            socket.once('error', reject);
          }),
      ),
    );
  }
  return sockets;
}

/** Waits until `done` or the drain time has passed, then closes every socket cleanly. */
export async function drainAndClose(sockets: readonly WebSocket[], done: () => boolean): Promise<void> {
  const drainUntil = performance.now() + DRAIN_MS;
  while (!done() && performance.now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 50));
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          socket.once('close', () => resolve());
          socket.close(1000);
        }),
    ),
  );
}

/** Worker protocol: post 'connected', wait for 'go' (whatever the orchestrator sends with it is what `ready` resolves to), post the result. */
export function serveLoad<I, R, G = unknown>(run: (input: I, ready: () => Promise<G>) => Promise<R>): void {
  if (!parentPort) return;
  const port = parentPort;
  const ready = () =>
    new Promise<G>((resolve) => {
      port.once('message', (go: G) => resolve(go));
      port.postMessage({ connected: true });
    });
  run(workerData as I, ready).then(
    (result) => port.postMessage({ ok: true, result }),
    (error: unknown) => port.postMessage({ ok: false, error: String(error) }),
  );
}
