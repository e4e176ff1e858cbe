/**
 * GET /api/docs and its files over real HTTP: the page names only this server's files, keeps the
 * app's Content-Security-Policy, and its files are compressed, revalidated by ETag, and limited to
 * the few it needs (the browser journey is e2e/api-docs.e2e.test.ts).
 */
import { expect, it } from 'vitest';
import { describeWithServer } from '../test/harness.js';

describeWithServer('the API reference page', (server) => {
  it('is an HTML page of this server alone, under the app CSP (no inline script)', async () => {
    const answer = await fetch(`${server().url}/api/docs`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = answer.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-eval');
    const html = await answer.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(sources).toEqual(['/api/docs/swagger-ui.css', '/api/docs/contrast.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/init.js']);
    expect(html).not.toMatch(/<script>/);
  });

  it('sends the bundle compressed, and a 304 while it has not changed', async () => {
    const first = await fetch(`${server().url}/api/docs/swagger-ui-bundle.js`, { headers: { 'accept-encoding': 'br' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect((await first.text()).length).toBeGreaterThan(100_000);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await fetch(`${server().url}/api/docs/swagger-ui-bundle.js`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('serves only its own files: anything else of the package is refused', async () => {
    for (const file of ['index.html', 'swagger-initializer.js', 'swagger-ui-bundle.js.map', 'package.json']) {
      const answer = await fetch(`${server().url}/api/docs/${file}`);
      expect(answer.status, file).toBe(400);
      expect(await answer.json()).toEqual(expect.objectContaining({ message: 'Archivo no encontrado' }));
    }
    // Dot segments are resolved before routing (http/request-path.ts): this is /package.json, not the package's.
    const climbing = await fetch(`${server().url}/api/docs/..%2F..%2Fpackage.json`);
    expect(await climbing.text()).not.toContain('swagger-ui-dist');
  });
});
