/**
 * Checks an uploaded photo by its bytes and re-encodes it: only JPEG, PNG, GIF and WebP pass
 * (never SVG), oversized canvases are refused before decoding, and the output is a small
 * square WebP with no metadata (EXIF, GPS, ICC comments all dropped by re-encoding).
 */
import { createHash } from 'node:crypto';
import { AVATAR_LIMITS, DomainError } from '@crm/domain';
import sharp from 'sharp';

const AVATAR_SIZE_PX = 256;
/** 50 megapixels covers any phone camera; a canvas larger than that is a decompression bomb. */
const MAX_INPUT_PIXELS = 50_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);

export interface ProcessedAvatar {
  contentType: 'image/webp';
  data: Buffer;
  /** Hash of the output bytes: equal bytes, equal tag. */
  etag: string;
}

function invalidImage(): DomainError {
  return new DomainError('BAD_REQUEST', AVATAR_LIMITS.messages.invalid);
}

export async function processAvatar(input: Buffer): Promise<ProcessedAvatar> {
  let metadata: sharp.Metadata;
  try {
    // Reads the header only (no pixels decoded), so the size check below can name the problem.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw invalidImage();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw invalidImage();
  const { width, height } = metadata;
  if (!width || !height) throw invalidImage();
  if (width * height > MAX_INPUT_PIXELS) {
    throw new DomainError('BAD_REQUEST', 'La imagen tiene demasiados píxeles');
  }

  let data: Buffer;
  try {
    data = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate() // apply the EXIF orientation before the metadata is dropped
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw invalidImage();
  }
  const etag = createHash('sha256').update(data).digest('base64url').slice(0, 27);
  return { contentType: 'image/webp', data, etag };
}
