/** Edges of input every door shares: id spellings, calendar ranges, slow headers. */
import net from 'node:net';
import { expect, it } from 'vitest';
import { loadEnv } from '../env.js';
import { ADMIN_PASSWORD, describeWithServer, loginAs } from '../test/harness.js';
import { trpcClientFor, trpcFailure } from '../test/trpc-client.js';

const HEADERS_TIMEOUT_MS = 1_000;
const NON_CANONICAL_IDS = ['0x10', '1e1', '%2010', '%20%2010', '010', '+10', '10.0', '10%20'];

describeWithServer(
  'request limits',
  (server) => {
    const admin = () => loginAs(server(), 'admin', ADMIN_PASSWORD);

    it('refuses ids in any spelling but the canonical decimal, in a path, a query and a body', async () => {
      const client = await admin();
      for (const spelling of NON_CANONICAL_IDS) {
        const inPath = await client.get(`/api/leads/${spelling}`);
        expect([inPath.status, inPath.body.message], `path ${spelling}`).toEqual([400, 'Identificador inválido']);
        const inQuery = await client.get(`/api/leads?groupId=${spelling}`);
        expect([inQuery.status, inQuery.body.message], `query ${spelling}`).toEqual([400, 'Identificador inválido']);
        const inBody = await client.post('/api/leads/bulk', { action: 'delete', ids: [decodeURIComponent(spelling)] });
        expect([inBody.status, inBody.body.message], `body ${spelling}`).toEqual([400, 'Identificador inválido']);
      }
      // The canonical spelling of a missing lead reaches the service.
      expect((await client.get('/api/leads/10')).status).toBe(404);
    });

    it('refuses non-canonical ids over tRPC too', async () => {
      const trpc = trpcClientFor(await admin());
      for (const spelling of ['0x10', '010', ' 10', '1e1']) {
        const error = await trpcFailure(trpc.leads.byId.query({ id: spelling }));
        expect(error.data?.code, spelling).toBe('BAD_REQUEST');
        expect(error.message, spelling).toContain('Identificador inválido');
      }
    });

    it('answers a 400, not a 500, for analytics days outside 1900–2100', async () => {
      const client = await admin();
      for (const [from, to] of [
        ['2026-01-01', '9999-12-31'],
        ['1899-12-31', '1900-01-02'],
      ]) {
        const response = await client.get(`/api/analytics/report?period=custom&from=${from}&to=${to}`);
        expect(response.status, `${from}..${to}`).toBe(400);
        expect(response.body.message).toBe('La fecha debe estar entre los años 1900 y 2100');
      }
      expect((await client.get('/api/analytics/report?period=custom&from=2100-01-01&to=2100-12-31')).status).toBe(200);
    });

    it('closes a connection whose headers do not arrive in time', async () => {
      const socket = net.connect(Number(new URL(server().url).port), '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      const started = Date.now();
      // Half the headers, then silence: the connection is never idle enough for the idle timeout.
      socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      await new Promise<void>((resolve) => socket.once('close', () => resolve()));
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS * 0.9);
      expect(elapsed).toBeLessThan(HEADERS_TIMEOUT_MS * 3);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    });

    it('gives clients 30 s for the headers unless HEADERS_TIMEOUT_MS says otherwise', () => {
      expect(loadEnv({}).HEADERS_TIMEOUT_MS).toBe(30_000);
      expect(server().app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    });
  },
  { HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS) },
);
