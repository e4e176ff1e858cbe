/** The baseline: a bare `ws` relay with the same fan-out as /ws (receiver and sender) and no database. */
import { WebSocketServer, type WebSocket } from 'ws';
import { frameText } from '../../src/ws/frame-text.js';

export async function startBareRelay(): Promise<{ url: string; close(): Promise<void> }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 64 * 1024 });
  const byUser = new Map<number, Set<WebSocket>>();
  let nextId = 1;
  server.on('connection', (socket, request) => {
    const userId = Number(new URL(request.url ?? '/', 'http://relay').searchParams.get('u'));
    const set = byUser.get(userId) ?? new Set();
    set.add(socket);
    byUser.set(userId, set);
    socket.on('close', () => set.delete(socket));
    socket.on('message', (data) => {
      const frame = JSON.parse(frameText(data)) as { to: number; content: string };
      const message = {
        id: nextId++,
        senderId: userId,
        receiverId: frame.to,
        message: frame.content,
        createdAt: new Date(),
        isRead: false,
      };
      const out = JSON.stringify({ type: 'chat', message });
      for (const target of [...(byUser.get(frame.to) ?? []), ...set]) target.send(out);
    });
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `ws://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}
