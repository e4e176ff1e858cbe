/** Serves the built web app on the same port, with index.html for client-side routes. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.js';

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

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/trpc') || request.url === '/ws';
    // A missing file of the build is a 404, never index.html: a page left open across a deploy asks for
    // files the new build no longer has, and the 404 is what tells it to reload (lib/chunk-gone.ts).
    const isAsset = request.url.startsWith('/assets/');
    if (hasBuild && request.method === 'GET' && !isApi && !isAsset) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Recurso no encontrado' });
  });
}
