/**
 * Security headers (a CSP the app runs under) and CSRF defence beyond SameSite: a state change
 * a browser sends for another site is refused by its Fetch Metadata or Origin (see origin.ts),
 * while plain clients (curl with the cookie) need no extra header.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.js';
import { passesCrossOriginCheck } from './origin.js';

export const CROSS_ORIGIN_MESSAGE = 'Solicitud rechazada: procede de otro sitio web';

/**
 * `decidesOwnOrigin`: paths that check the Origin themselves against their own list (a web form's
 * public door, which other sites may call); every other path goes through the check here.
 */
export async function installSecurity(app: FastifyInstance, env: Env, decidesOwnOrigin: (url: string) => boolean): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes CSS variables in style attributes and <style> tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Same-origin app: the default COEP would only break image previews from blob: URLs.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: env.NODE_ENV === 'production',
  });

  // Every path, like Go's: with no path in the rule, there is no path encoding to get wrong.
  app.addHook('onRequest', async (request, reply) => {
    if (decidesOwnOrigin(request.url)) return;
    if (!passesCrossOriginCheck(request.method, request.headers, request.host, env)) {
      return reply.code(403).send({ message: CROSS_ORIGIN_MESSAGE });
    }
  });
}
