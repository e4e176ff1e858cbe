/** Every error leaves as `{ message }` in Spanish with a 4xx, or a logged 500 for real faults. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { httpStatusFor, toDomainError } from './error-mapping.js';
import { MALFORMED_MULTIPART_MESSAGE, isMalformedMultipart } from './multipart-errors.js';

/** Fastify's own client errors, by code, with the Spanish text we show instead. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'El contenido supera el tamaño máximo permitido' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'El archivo supera el tamaño máximo permitido' },
  FST_PARTS_LIMIT: { status: 413, message: 'Demasiadas partes en el formulario' },
  FST_FILES_LIMIT: { status: 413, message: 'Demasiados archivos en el formulario' },
  FST_FIELDS_LIMIT: { status: 413, message: 'Demasiados campos en el formulario' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Tipo de contenido no admitido' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'Longitud de contenido inválida' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'El cuerpo JSON está vacío' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, message: 'Se esperaba un formulario multipart' },
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const thrown = toDomainError(error);
    if (thrown) {
      // A refusal that knows when to come back (a spent budget) says so the standard way too.
      const retryAfter = thrown.details?.['retryAfterSeconds'];
      if (typeof retryAfter === 'number') reply.header('Retry-After', retryAfter);
      return reply
        .code(httpStatusFor(thrown.code))
        .send({ ...thrown.details, message: thrown.message, ...(thrown.issues && { issues: thrown.issues }) });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.code(known.status).send({ message: known.message });
    if (isMalformedMultipart(error)) return reply.code(400).send({ message: MALFORMED_MULTIPART_MESSAGE });
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.code(400).send({ message: 'JSON inválido' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ message: 'Solicitud inválida' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Error interno del servidor' });
  });
}
