import { CHAT_LIMITS } from '@crm/domain';
import { expect, it } from 'vitest';
import { createUser, DEFAULT_PASSWORD, describeWithServer, loginAs, uniqueName } from '../test/harness.js';
import { AT_ONCE, openBoth } from '../test/live-client.js';
import { SESSION_ENDED_REASON } from './live-hub.js';

describeWithServer('a session that ends closes its live connections at once', (server) => {
  it('logout closes the session’s /ws socket and ends its feed, without waiting for the sweep', async () => {
    const user = await createUser(server(), { username: uniqueName('salida') });
    const client = await loginAs(server(), user.username);
    const { socket, live, feedEnded } = await openBoth(server().url, client);

    expect((await client.post('/api/logout')).status).toBeLessThan(300);

    let closed: { code: number; reason: string } | undefined;
    void socket.closed.then((result) => (closed = result));
    await expect.poll(() => closed, AT_ONCE).toEqual({ code: CHAT_LIMITS.normalCloseCode, reason: SESSION_ENDED_REASON });
    await expect.poll(feedEnded, AT_ONCE).toBe(true);
    await live.wsClient.close();
  });

  it('a password change closes the other sessions’ sockets and feeds, and keeps the changer’s own', async () => {
    const user = await createUser(server(), { username: uniqueName('clave') });
    const here = await loginAs(server(), user.username);
    const elsewhere = await loginAs(server(), user.username);
    const mine = await openBoth(server().url, here);
    const theirs = await openBoth(server().url, elsewhere);
    const peer = await createUser(server(), { username: uniqueName('par') });

    const changed = await here.post('/api/auth/password', { currentPassword: DEFAULT_PASSWORD, newPassword: 'otra-clave-segura' });
    expect(changed.status).toBe(200);

    let closed: { code: number; reason: string } | undefined;
    void theirs.socket.closed.then((result) => (closed = result));
    await expect.poll(() => closed, AT_ONCE).toEqual({ code: CHAT_LIMITS.normalCloseCode, reason: SESSION_ENDED_REASON });
    await expect.poll(theirs.feedEnded, AT_ONCE).toBe(true);
    // The changer's own socket and feed stay live.
    mine.socket.send({ type: 'chat', receiverId: peer.id, content: 'sigo conectado' });
    await mine.socket.next((frame) => frame.type === 'chat' && frame.message.message === 'sigo conectado');
    expect(mine.feedEnded()).toBe(false);
    await mine.socket.close();
    await Promise.all([mine.live.wsClient.close(), theirs.live.wsClient.close()]);
  });
});
