/**
 * Security headers (a CSP the app runs under) and CSRF defence beyond SameSite: a state
 * change must be a non-GET request from an allowed Origin that carries a JSON body or our
 * custom header, which a cross-site form cannot send without a CORS preflight we never grant.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env.js';
import { isAllowedOrigin } from './origin.js';

export const CSRF_HEADER = 'x-requested-with';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function installSecurity(app: FastifyInstance, env: Env): Promise<void> {
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

  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/trpc')) return;
    if (!isAllowedOrigin(request.headers.origin, request.headers.host, env)) {
      return reply.code(403).send({ message: 'Origen no permitido' });
    }
    const contentType = request.headers['content-type'] ?? '';
    const isJson = contentType.toLowerCase().startsWith('application/json');
    if (!isJson && request.headers[CSRF_HEADER] === undefined) {
      return reply.code(403).send({ message: 'Solicitud rechazada: falta la cabecera de seguridad' });
    }
  });
}
