/** The text of a WebSocket message as `ws` hands it over. */
import type { RawData } from 'ws';

/**
 * `ws` gives a Buffer with its default binaryType; the type also allows an ArrayBuffer or a list of
 * fragments, and `toString()` on those would read "[object ArrayBuffer]" or join with commas.
 */
export function frameText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  return (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString('utf8');
}
