/**
 * The per-token limit is one count in the database: requests spread over two API processes on one
 * PostgreSQL add up, the headers say what is left on either, and the one over the limit is a 429
 * with Retry-After wherever it lands. A revocation on one replica stops the token on the other.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { API_TOKEN_MESSAGES } from '@crm/domain';
import { expect, it } from 'vitest';
import { ApiClient, createUser, loginAs, uniqueName } from '../../test/harness.js';
import { describeOnTwoReplicas } from '../../test/replicas.js';
import { trpcClientWithToken, trpcFailure } from '../../test/trpc-client.js';

const LIMIT = 6;

describeOnTwoReplicas(
  'API token limits across two replica processes',
  (replicas) => {
    const tokenOf = async () => {
      const user = await createUser(replicas.local, { username: uniqueName('trep') });
      const client = await loginAs(replicas.local, user.username);
      const created = await client.post<{ id: number; token: string }>('/api/tokens', { name: 'Réplicas', scope: 'read' });
      return { client, ...created.body };
    };
    const call = (url: string, token: string) =>
      new ApiClient(url).request('GET', '/api/auth/user', undefined, { authorization: `Bearer ${token}` });

    it('counts one limit over both replicas, with RateLimit headers and a Spanish 429', async () => {
      const { token } = await tokenOf();
      // The window is the clock's minute: start well inside one, so all the calls fall in the same window.
      const secondsLeft = 60 - new Date().getSeconds();
      if (secondsLeft < 15) await sleep(secondsLeft * 1000 + 200);
      const urls = [replicas.local.url, replicas.child.url];
      for (let i = 0; i < LIMIT; i += 1) {
        const response = await call(urls[i % 2] ?? '', token);
        expect(response.status).toBe(200);
        expect(response.headers.get('ratelimit-limit')).toBe(String(LIMIT));
        expect(response.headers.get('ratelimit-remaining')).toBe(String(LIMIT - i - 1));
      }
      for (const url of urls) {
        const refused = await call(url, token);
        expect(refused.status).toBe(429);
        expect(refused.body.message).toBe(API_TOKEN_MESSAGES.rateLimited(Number(refused.headers.get('retry-after'))));
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(refused.headers.get('ratelimit-remaining')).toBe('0');
        expect(refused.headers.get('retry-after')).toBe(refused.headers.get('ratelimit-reset'));
      }
      // tRPC over HTTP says the same in its own shape.
      const refused = await trpcFailure(trpcClientWithToken(replicas.child.url, token).auth.me.query());
      expect(refused.data?.code).toBe('TOO_MANY_REQUESTS');
      expect(refused.message).toMatch(/^Demasiadas solicitudes con este token de API/);
    });

    it('stops a token revoked on one replica at once on the other', async () => {
      const { client, id, token } = await tokenOf();
      expect((await call(replicas.child.url, token)).status).toBe(200);
      expect((await client.delete(`/api/tokens/${id}`)).status).toBe(200);
      expect((await call(replicas.child.url, token)).status).toBe(401);
    });
  },
  { API_TOKEN_RATE_LIMIT_PER_MIN: String(LIMIT) },
);
