/** Where a user's photo is served (GET /api/users/{id}/avatar); the etag in the query busts caches on change. */
export function profileImageUrl(userId: number, etag: string | null): string | null {
  return etag ? `/api/users/${userId}/avatar?v=${etag}` : null;
}
