/**
 * Compresses JSON answers above a threshold (brotli or gzip, as the client accepts). The web app's
 * files are compressed at build time and sent as they are; request bodies are never decompressed,
 * so the body limits keep counting the bytes that arrive. WebSocket upgrades do not pass here.
 */
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this many bytes an answer goes out as it is: compression would save less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}
