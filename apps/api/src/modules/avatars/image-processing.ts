/**
 * Checks an uploaded photo by its bytes and re-encodes it: only JPEG, PNG, GIF and WebP pass
 * (never SVG), oversized canvases are refused before decoding, and the output is a small
 * square WebP with no metadata (EXIF, GPS, ICC comments all dropped by re-encoding). Chat photos
 * pass the same checks and are re-encoded the same way, keeping their shape.
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

/** Reads the header only (no pixels decoded): the format must be one we accept and the canvas not a bomb. Undefined when not an image at all. */
async function checkedImage(input: Buffer): Promise<{ width: number; height: number } | undefined> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return undefined;
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) return undefined;
  const { width, height } = metadata;
  if (!width || !height) return undefined;
  if (width * height > MAX_INPUT_PIXELS) {
    throw new DomainError('BAD_REQUEST', 'La imagen tiene demasiados píxeles');
  }
  return { width, height };
}

function decode(input: Buffer): sharp.Sharp {
  // rotate(): apply the EXIF orientation before the metadata is dropped.
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
}

export async function processAvatar(input: Buffer): Promise<ProcessedAvatar> {
  if (!(await checkedImage(input))) throw invalidImage();
  let data: Buffer;
  try {
    data = await decode(input)
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw invalidImage();
  }
  const etag = createHash('sha256').update(data).digest('base64url').slice(0, 27);
  return { contentType: 'image/webp', data, etag };
}

/** A chat photo keeps its shape, at most CHAT_IMAGE_MAX_PX a side. */
const CHAT_IMAGE_MAX_PX = 1600;

export interface ProcessedChatImage {
  contentType: 'image/webp';
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The same checks as an avatar, re-encoded the same way (metadata dropped) but not cropped.
 * Undefined when the bytes are no image at all (they may still be a document); a broken or
 * refused image (SVG, a bomb) is an error.
 */
export async function processChatImage(input: Buffer): Promise<ProcessedChatImage | undefined> {
  if (!(await checkedImage(input))) return undefined;
  try {
    const { data, info } = await decode(input)
      .resize(CHAT_IMAGE_MAX_PX, CHAT_IMAGE_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { contentType: 'image/webp', data, width: info.width, height: info.height };
  } catch {
    throw invalidImage();
  }
}
