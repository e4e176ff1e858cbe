/**
 * A file part for a multipart body. Bytes are copied into a Uint8Array of their own: the DOM's
 * BlobPart (the program has DOM types for the browser tests) takes no view of a Buffer, whose memory
 * may be Node's shared pool.
 */
export function fileBlob(content: string | Uint8Array, type?: string): Blob {
  return new Blob([typeof content === 'string' ? content : new Uint8Array(content)], type === undefined ? undefined : { type });
}
