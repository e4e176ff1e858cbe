/** Profile photos: the caller replaces their own; every signed-in user may view anyone's. */
import { findProfileImage, findUserById, saveProfileImage } from '@crm/db';
import { DomainError, type User } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { USER_NOT_FOUND } from '../users/users.service.js';
import { processAvatar } from './image-processing.js';

const AVATAR_NOT_FOUND = 'Este usuario no tiene foto de perfil';

export async function uploadOwnAvatar(ctx: ServiceContext, bytes: Buffer): Promise<User> {
  const image = await processAvatar(bytes);
  const userId = ctx.viewer.user.id;
  await saveProfileImage(ctx.db, userId, image);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
  return user;
}

export async function getAvatar(ctx: ServiceContext, userId: number) {
  requirePermission(ctx, 'team.read');
  const image = await findProfileImage(ctx.db, userId);
  if (!image) throw new DomainError('NOT_FOUND', AVATAR_NOT_FOUND);
  return image;
}
