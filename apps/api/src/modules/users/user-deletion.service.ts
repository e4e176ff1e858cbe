/** Deleting a user (docs/roles-and-permissions.md); their sessions go with them (ON DELETE CASCADE), then their live connections. */
import { deleteUser as deleteUserRow, findUserById } from '@crm/db';
import { DomainError } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { announceSessionsEnded } from '../../live/publish.js';
import { requirePermission } from '../../require-permission.js';
import { USER_NOT_FOUND } from './users.service.js';

export async function deleteUser(ctx: ServiceContext, targetId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const target = await findUserById(trx, targetId);
    if (!target) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
    if (target.id === ctx.viewer.user.id) {
      throw new DomainError('FORBIDDEN', 'No puedes eliminar tu propio usuario');
    }
    requirePermission(ctx, 'user.delete', target);
    // Sessions, custom-role assignments, chat messages and the photo cascade; leads and
    // groups they touched keep existing with the reference cleared (SET NULL).
    await deleteUserRow(trx, targetId);
  });
  // Their sessions are gone; their open sockets and subscriptions close on every replica too.
  await announceSessionsEnded(ctx, targetId);
}
