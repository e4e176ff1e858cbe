/** Strong ETags and If-None-Match matching (RFC 9110 §13.1.2: weak comparison for GET). */

export function quoteEtag(tag: string): string {
  return `"${tag}"`;
}

export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((candidate) => candidate.trim().replace(/^W\//, ''))
    .some((candidate) => candidate === '*' || candidate === etag);
}
