import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type ApiClient, createUser, loginAs, startTestServer, type TestServer, uniqueName } from '../test/harness.js';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.js';

const APP_SCRIPT = `console.log(${JSON.stringify('CRM '.repeat(2000))});\n`;

/** A built web app in miniature: the files and the .br/.gz copies the build writes beside them. */
async function writeWebDist(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await mkdir(path.join(dir, '.vite'), { recursive: true });
  // The build marks its index.html as a visit without a session (apps/web/tools/session-hint-plugin.ts).
  const index = `<!doctype html><html lang="es"><head><title>CRM</title><meta name="crm-session" content="0"></head><body>${'<div></div>'.repeat(200)}</body></html>`;
  for (const [file, text] of [
    ['index.html', index],
    ['assets/app.js', APP_SCRIPT],
    ['.vite/screen-preloads.json', JSON.stringify({ screens: [{ path: '/', scripts: ['assets/app.js'], styles: [] }] })],
  ] as const) {
    const bytes = Buffer.from(text);
    await writeFile(path.join(dir, file), bytes);
    await writeFile(path.join(dir, `${file}.br`), brotliCompressSync(bytes));
    await writeFile(path.join(dir, `${file}.gz`), gzipSync(bytes));
  }
}

/** The bytes as they travel (fetch would decompress them). */
function rawGet(server: TestServer, url: string, acceptEncoding: string, cookie = '') {
  return new Promise<{ status: number; encoding: string | null; body: Buffer }>((resolve, reject) => {
    get(`${server.url}${url}`, { headers: { 'accept-encoding': acceptEncoding, cookie } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, encoding: response.headers['content-encoding'] ?? null, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

{
  describe('compressed answers', () => {
    let server: TestServer;
    let webDist: string;
    let admin: ApiClient;
    let cookie: string;

    beforeAll(async () => {
      webDist = await mkdtemp(path.join(tmpdir(), 'crm-web-dist-'));
      await writeWebDist(webDist);
      server = await startTestServer({ WEB_DIST: webDist });
      for (let index = 0; index < 12; index += 1) await createUser(server, { username: uniqueName('comprimido') });
      admin = await loginAs(server, 'admin', ADMIN_PASSWORD);
      cookie = [...admin.cookies].map(([key, value]) => `${key}=${value}`).join('; ');
    }, 60_000);

    afterAll(async () => {
      await server?.close();
      await rm(webDist, { recursive: true, force: true });
    });

    it('sends the precompressed copy of a web app file the browser accepts', async () => {
      const br = await rawGet(server, '/assets/app.js', 'gzip, deflate, br');
      expect(br.status).toBe(200);
      expect(br.encoding).toBe('br');
      expect(br.body.length).toBeLessThan(APP_SCRIPT.length / 10);

      const gzip = await rawGet(server, '/assets/app.js', 'gzip');
      expect(gzip.encoding).toBe('gzip');

      const plain = await rawGet(server, '/assets/app.js', 'identity');
      expect(plain.encoding).toBeNull();
      expect(plain.body.toString()).toBe(APP_SCRIPT);
    });

    it('answers 404 for a build file that is not there, not index.html (a page older than the deploy asks for it)', async () => {
      const missing = await rawGet(server, '/assets/Leads.page-gone.js', 'identity');
      expect(missing.status).toBe(404);
      expect(missing.body.toString()).not.toContain('<html');
    });

    it('sends index.html compressed for a client-side route', async () => {
      const page = await rawGet(server, '/leads', 'br');
      expect(page.status).toBe(200);
      expect(page.encoding).toBe('br');
    });

    it("marks index.html with whether a session cookie came, and names the signed-in screen's first-load files", async () => {
      const signedIn = await rawGet(server, '/', 'identity', cookie);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.toString()).toContain(
        '<meta name="crm-session" content="1" />\n    <link rel="modulepreload" crossorigin href="/assets/app.js">\n  </head>',
      );
      expect(signedIn.body.toString()).not.toContain('content="0"');
      const signedOut = await rawGet(server, '/', 'identity');
      expect(signedOut.body.toString()).toContain('<meta name="crm-session" content="0"></head>');
      expect(signedOut.body.toString()).not.toContain('modulepreload');
      // The hint says only that a cookie came: a stale one gets it too, and the app's own check signs it out.
      const stale = await rawGet(server, '/leads', 'identity', 'crm_session=caducada');
      expect(stale.body.toString()).toContain('crm-session');
    });

    it('compresses the signed-in index.html too, and it reads the same as the plain one', async () => {
      const plain = await rawGet(server, '/leads', 'identity', cookie);
      expect(plain.encoding).toBeNull();
      const br = await rawGet(server, '/leads', 'gzip, deflate, br', cookie);
      expect(br.encoding).toBe('br');
      expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
      expect(br.body.length).toBeLessThan(plain.body.length / 4);
      const gzip = await rawGet(server, '/leads', 'gzip, br;q=0', cookie);
      expect(gzip.encoding).toBe('gzip');
      expect(gunzipSync(gzip.body).toString()).toBe(plain.body.toString());
    });

    it('compresses a JSON answer above the threshold, and it reads the same', async () => {
      const plain = await admin.get('/api/users');
      expect(JSON.stringify(plain.body).length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
      const compressed = await rawGet(server, '/api/users', 'br', cookie);
      expect(compressed.encoding).toBe('br');
      expect(compressed.body.length).toBeLessThan(JSON.stringify(plain.body).length);
      const gzip = await fetch(`${server.url}/api/users`, { headers: { 'accept-encoding': 'gzip', cookie } });
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(await gzip.json()).toEqual(plain.body);
    });

    it('leaves a small answer as it is', async () => {
      const health = await rawGet(server, '/api/health', 'br, gzip');
      expect(health.status).toBe(200);
      expect(health.encoding).toBeNull();
      expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
    });

    it('does not decompress request bodies: a gzip-encoded body is refused as invalid, never read past its limit', async () => {
      const response = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: gzipSync(JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD })),
      });
      expect(response.status).toBe(400);
    });
  });
}
