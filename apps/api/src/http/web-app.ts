/** Serves the built web app on the same port, with index.html for client-side routes. */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.js';
import { SESSION_COOKIE } from '../sessions/session.js';
import { sendHtml } from './compressed-html.js';
import { preloadTags, readScreenPreloads } from './screen-preloads.js';

/**
 * index.html says whether a session cookie came with the request (apps/web/src/App.tsx). The build
 * marks it "0" (apps/web/tools/session-hint-plugin.ts): without a cookie the file goes out as it is,
 * and the app shows the login form without asking. With one, the mark becomes "1" and the page names
 * the address's first-load files, so the app loads its signed-in shell and screen alongside the entry
 * while it checks the session; whether the session is valid is for that check to say.
 */
const SIGNED_OUT_MARK = /<meta name="crm-session" content="0"\s*\/?>/;
const SIGNED_IN_HINT = '<meta name="crm-session" content="1" />';

export function webDistDir(env: Env): string {
  if (env.WEB_DIST) return path.resolve(env.WEB_DIST);
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../../web/dist');
}

export async function installWebApp(app: FastifyInstance, env: Env): Promise<void> {
  const root = webDistDir(env);
  const hasBuild = existsSync(path.join(root, 'index.html'));
  if (!hasBuild) app.log.warn({ root }, 'web app not built: run `pnpm build` to serve it');
  else {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (apps/web/tools/precompress-plugin.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed assets never change; index.html must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/trpc') || request.url === '/ws';
    // A missing file of the build is a 404, never index.html: a page left open across a deploy asks for
    // files the new build no longer has, and the 404 is what tells it to reload (lib/chunk-gone.ts).
    const isAsset = request.url.startsWith('/assets/');
    if (hasBuild && request.method === 'GET' && !isApi && !isAsset) {
      reply.header('cache-control', 'no-cache').header('vary', 'cookie');
      if (!request.cookies[SESSION_COOKIE]) return reply.sendFile('index.html');
      // Read on each visit: a build written under a running server is served as it is now.
      const html = await readFile(path.join(root, 'index.html'), 'utf8');
      const tags = [SIGNED_IN_HINT, preloadTags(await readScreenPreloads(root), request.url.split('?')[0] ?? '/')].filter(Boolean);
      const page = html.replace(SIGNED_OUT_MARK, '').replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
      return sendHtml(request, reply, page);
    }
    return reply.code(404).send({ message: 'Recurso no encontrado' });
  });
}
