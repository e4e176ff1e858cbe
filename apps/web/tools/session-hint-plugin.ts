/**
 * Marks the built index.html as a visit without a session cookie (`<meta name="crm-session" content="0">`):
 * the server sends the file as it is (precompressed) when no cookie came, and swaps the mark for the
 * signed-in one when one did (apps/api/src/http/web-app.ts). Build only: Vite's dev server serves the
 * page without a mark, and the app then asks the server about the session (src/App.tsx).
 */
import type { Plugin } from 'vite';

export function sessionHintPlugin(): Plugin {
  return {
    name: 'crm:session-hint',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'crm-session', content: '0' }, injectTo: 'head' }],
  };
}
