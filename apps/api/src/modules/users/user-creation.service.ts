/** Creating users (user management and the Team screen's 'Agregar Miembro'): an admin creates any role, a manager only team_members. */
import { UNIQUE_INDEXES, emailTaken, insertUser, recordActivity, uniqueViolationOf, usernamesLike } from '@crm/db';
import {
  CONFLICT_MESSAGES,
  type AddMember,
  DomainError,
  type SystemRole,
  type User,
  type createUserSchema,
  displayName,
  nextFreeUsername,
  splitFullName,
  usernameBase,
} from '@crm/domain';
import type { z } from 'zod';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { actorName } from '../activities/activities.service.js';
import { hashPassword } from '../auth/password.js';

interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  systemRole: SystemRole;
  teamName: string | null;
}

/**
 * Two creations racing for the same username: the loser picks the next suffix and tries again.
 * Each failed attempt is another creation's success, so n creations racing for one base all
 * finish within n attempts; the cap only stops a runaway loop.
 */
const USERNAME_ATTEMPTS = 100;

async function createUser(ctx: ServiceContext, input: NewUser): Promise<User> {
  const actor = ctx.viewer.user;
  // The target of a creation is the role asked for: a manager may only create team_members.
  requirePermission(ctx, 'user.create', { id: 0, systemRole: input.systemRole });
  const passwordHash = await hashPassword(input.password);
  const base = usernameBase(input.email);

  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        if (await emailTaken(trx, input.email)) throw new DomainError('CONFLICT', CONFLICT_MESSAGES.emailTaken);
        const username = nextFreeUsername(base, await usernamesLike(trx, base));
        const user = await insertUser(trx, {
          username,
          email: input.email,
          password_hash: passwordHash,
          first_name: input.firstName,
          last_name: input.lastName,
          system_role: input.systemRole,
          // Only managers carry a team name.
          team_name: input.systemRole === 'manager' ? input.teamName : null,
        });
        await recordActivity(trx, {
          type: 'user_created',
          description: `${actorName(ctx)} creó el usuario ${displayName(user)}`,
          userId: actor.id,
        });
        return user;
      });
    } catch (error) {
      // Any other conflict (the same email created twice at once) is the caller's 409, mapped in one place.
      if (uniqueViolationOf(error) !== UNIQUE_INDEXES.username || attempt >= USERNAME_ATTEMPTS) throw error;
    }
  }
}

/** 'Crear Nuevo Usuario' in user management. */
export function createUserFromForm(ctx: ServiceContext, input: z.output<typeof createUserSchema>): Promise<User> {
  return createUser(ctx, input);
}

/** 'Agregar Miembro': the full name splits at the first space (first word = first name). */
export function addMember(ctx: ServiceContext, input: AddMember): Promise<User> {
  const { firstName, lastName } = splitFullName(input.fullName);
  return createUser(ctx, {
    firstName,
    lastName,
    email: input.email,
    password: input.password,
    systemRole: input.role,
    teamName: input.teamName,
  });
}
