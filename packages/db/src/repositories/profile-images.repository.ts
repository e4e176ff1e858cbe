/** Profile photos, kept in the database so every replica serves the same bytes. */
import type { DbOrTrx } from '../types.js';

export interface ProfileImage {
  contentType: string;
  data: Uint8Array;
  etag: string;
  updatedAt: Date;
}

/** Replaces the user's photo (one per user). */
export async function saveProfileImage(
  db: DbOrTrx,
  userId: number,
  image: { contentType: string; data: Uint8Array; etag: string },
): Promise<void> {
  const now = new Date();
  await db
    .insertInto('profile_images')
    .values({ user_id: userId, content_type: image.contentType, data: image.data, etag: image.etag, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ content_type: image.contentType, data: image.data, etag: image.etag, updated_at: now }),
    )
    .execute();
}

export async function findProfileImage(db: DbOrTrx, userId: number): Promise<ProfileImage | undefined> {
  const row = await db
    .selectFrom('profile_images')
    .select(['content_type', 'data', 'etag', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { contentType: row.content_type, data: row.data, etag: row.etag, updatedAt: row.updated_at };
}
