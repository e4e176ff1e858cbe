/**
 * Profile photos (docs/rest-api.md, 'Users'), REST only: POST /api/upload-profile-image (multipart
 * `image`, 5 MB) and GET /api/users/{id}/avatar (the image, with an ETag).
 */
import { AVATAR_LIMITS, DomainError, idSchema, userSchema } from '@crm/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { endpoint } from '../../endpoints/endpoint.js';
import { getAvatar, uploadOwnAvatar } from './avatars.service.js';
import { etagMatches, quoteEtag } from './etag.js';

/**
 * Reads the one file part named `image`, refusing more than the spec's 5 MB with a 413. The bytes
 * are counted as they stream: the parser's own 'truncated' flag can be set after the last chunk
 * was read, so a client sending at the right pace would get a cut file through as a 400 or a photo.
 */
async function readImagePart(request: FastifyRequest): Promise<{ image: Buffer }> {
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
  return { image: Buffer.concat(chunks) };
}

/** A stored photo: its bytes, what the conditional answer needs, and whether the URL named this version. */
const avatarImageSchema = z.object({
  etag: z.string(),
  contentType: z.string(),
  data: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  updatedAt: z.date(),
  versioned: z.boolean(),
});

/** The user DTO links with ?v=<etag>: that exact URL never changes, any other must revalidate; 304 when unchanged. */
function sendImage(reply: FastifyReply, image: z.output<typeof avatarImageSchema>, request: FastifyRequest) {
  const etag = quoteEtag(image.etag);
  reply
    .header('ETag', etag)
    .header('Cache-Control', image.versioned ? 'private, max-age=31536000, immutable' : 'private, no-cache')
    .header('Last-Modified', image.updatedAt.toUTCString());
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(image.contentType).send(Buffer.from(image.data));
}

export const avatarsEndpoints = [
  endpoint({
    name: 'avatars.upload',
    summary: 'Sube la foto de perfil propia',
    description:
      'Multipart con una parte de archivo `image`, como mucho 5 MB (se cuentan los bytes recibidos); se guarda recortada y en WebP.',
    permission: 'authenticated',
    input: z.object({ image: z.instanceof(Buffer) }),
    output: userSchema,
    rest: {
      method: 'POST',
      path: '/api/upload-profile-image',
      upload: { form: z.object({ image: z.file() }), read: ({ request }) => readImagePart(request) },
    },
    handler: ({ ctx, input }) => uploadOwnAvatar(ctx, input.image),
  }),
  endpoint({
    name: 'avatars.image',
    summary: 'La foto de perfil de un usuario',
    description:
      'Con `ETag`; guardada un año cuando se pide con el `?v=` que lleva el `profileImageUrl` del usuario; 304 si `If-None-Match` coincide; 404 sin foto.',
    permission: 'team.read',
    input: z.object({ id: idSchema, v: z.string().max(200).optional() }),
    output: avatarImageSchema,
    rest: {
      method: 'GET',
      path: '/api/users/:id/avatar',
      produces: 'image/*',
      send: sendImage,
    },
    handler: ({ ctx, input }) => getAvatar(ctx, input.id).then((image) => ({ ...image, versioned: image.etag === input.v })),
  }),
] as const;
