/** REST paths of profile photos: POST /api/upload-profile-image (multipart `image`) and GET /api/users/{id}/avatar. */
import { AVATAR_LIMITS, DomainError, idSchema } from '@crm/domain';
import type { FastifyRequest } from 'fastify';
import { parseInput } from '../../http/parse-input.js';
import { authedRoute } from '../../rest/route.js';
import { getAvatar, uploadOwnAvatar } from './avatars.service.js';
import { etagMatches, quoteEtag } from './etag.js';

/** Reads the one file part named `image`, refusing more than the spec's 5 MB with a 413. */
async function readImagePart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new DomainError('BAD_REQUEST', 'Se esperaba un formulario multipart');
  const part = await request.file({ limits: { fileSize: AVATAR_LIMITS.maxBytes } });
  if (!part || part.fieldname !== 'image') {
    throw new DomainError('BAD_REQUEST', AVATAR_LIMITS.messages.invalid);
  }
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new DomainError('PAYLOAD_TOO_LARGE', AVATAR_LIMITS.messages.tooLarge);
    }
    throw error;
  }
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
