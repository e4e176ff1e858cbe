/**
 * The signed-in index.html is written per visit (web-app.ts), in the not-found handler, which
 * @fastify/compress does not reach (it hooks routes only): it is compressed here, brotli or gzip as
 * the browser accepts, like every other text answer. A phone on a slow link gets ~2 KB instead of ~7.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/** A fast brotli level: the page changes per visit, so it is compressed on each. */
const BROTLI_QUALITY = 5;

/** The encodings the request accepts (a `q=0` refuses one), in the server's order of preference. */
function acceptedEncoding(header: string | undefined): Encoding | null {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) =>
        part
          .trim()
          .split(';')
          .map((piece) => piece.trim().toLowerCase()),
      )
      .filter(([, ...params]) => !params.some((param) => /^q=0(\.0*)?$/.test(param)))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

export function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  reply.type('text/html; charset=utf-8').header('vary', 'cookie, accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(html);
  const body =
    encoding === 'br' ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }) : gzipSync(html);
  return reply.header('content-encoding', encoding).send(body);
}
