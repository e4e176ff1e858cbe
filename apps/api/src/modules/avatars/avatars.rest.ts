/** REST paths of profile photos: POST /api/upload-profile-image (multipart `image`) and GET /api/users/{id}/avatar. */
import { AVATAR_LIMITS, DomainError, idSchema } from '@crm/domain';
import type { FastifyRequest } from 'fastify';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { getAvatar, uploadOwnAvatar } from './avatars.service.js';
import { etagMatches, quoteEtag } from './etag.js';

/**
 * Reads the one file part named `image`, refusing more than the spec's 5 MB with a 413. The bytes
 * are counted as they stream: the parser's own 'truncated' flag can be set after the last chunk
 * was read, so a client sending at the right pace would get a cut file through as a 400 or a photo.
 */
async function readImagePart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new DomainError('BAD_REQUEST', 'Se esperaba un formulario multipart');
  // One byte over the limit lets the count below tell 'exactly 5 MB' from 'more'.
  const part = await request.file({ limits: { fileSize: AVATAR_LIMITS.maxBytes + 1 }, throwFileSizeLimit: false });
  if (!part || part.fieldname !== 'image') {
    throw new DomainError('BAD_REQUEST', AVATAR_LIMITS.messages.invalid);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > AVATAR_LIMITS.maxBytes) break;
    chunks.push(chunk);
  }
  if (size > AVATAR_LIMITS.maxBytes || part.file.truncated) {
    throw new DomainError('PAYLOAD_TOO_LARGE', AVATAR_LIMITS.messages.tooLarge);
  }
  return Buffer.concat(chunks);
}

export const avatarsRestRoutes = [
  authedRoute({
    method: 'POST',
    url: '/api/upload-profile-image',
    handler: async ({ ctx, request }) => uploadOwnAvatar(ctx, await readImagePart(request)),
  }),
  authedRoute({
    method: 'GET',
    url: '/api/users/:id/avatar',
    handler: async ({ ctx, params, query, request, reply }) => {
      const image = await getAvatar(ctx, parseInput(idSchema, params.id));
      const etag = quoteEtag(image.etag);
      // The user DTO links with ?v=<etag>: that exact URL never changes, any other must revalidate.
      const versioned = query.v === image.etag;
      reply
        .header('ETag', etag)
        .header('Cache-Control', versioned ? 'private, max-age=31536000, immutable' : 'private, no-cache')
        .header('Last-Modified', image.updatedAt.toUTCString());
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type(image.contentType).send(Buffer.from(image.data));
    },
  }),
];
