/**
 * The multipart parser (@fastify/busboy) reports a malformed body (no boundary, a part cut off,
 * a boundary it cannot search for) with plain Errors that carry no code: they are told apart
 * by their messages here, the one place every upload's errors pass through.
 */
export const MALFORMED_MULTIPART_MESSAGE = 'El formulario multipart está mal formado';

const BUSBOY_MALFORMED = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Unexpected end of multipart data$/,
  /^(Part|Preamble) terminated early due to unexpected end of multipart data$/,
  /^The needle cannot (be an empty String\/Buffer|have a length bigger than 256)\.$/,
];

export function isMalformedMultipart(error: unknown): boolean {
  return error instanceof Error && !('code' in error) && BUSBOY_MALFORMED.some((pattern) => pattern.test(error.message));
}
