/**
 * Teams (docs/teams.md): an admin creates a team for any manager and renames or hands over any
 * team; a manager creates and renames only the one he leads. Who is in which team is set on the
 * user (users.update's teamId, below). A name clash is a 409 held by the unique index.
 */
import {
  type DbOrTrx,
  UNIQUE_INDEXES,
  findTeam,
  findTeamLedBy,
  findUserById,
  insertTeam,
  listTeams as listTeamRows,
  setUserTeam,
  updateTeamRow,
  uniqueViolationOf,
} from '@crm/db';
import { DomainError, TEAM_MESSAGES, type Team, type User, type createTeamSchema, type updateTeamSchema } from '@crm/domain';
import type { z } from 'zod';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { watchLeadAccess } from '../leads/lead-sight.js';

function toTeam(row: Awaited<ReturnType<typeof listTeamRows>>[number]): Team {
  return {
    id: row.id,
    name: row.name,
    manager: row.manager,
    members: row.members,
    memberCount: row.members.length,
    createdAt: row.createdAt,
  };
}

export async function listTeams(ctx: ServiceContext): Promise<Team[]> {
  requirePermission(ctx, 'team.read');
  return (await listTeamRows(ctx.db)).map(toTeam);
}

async function teamById(db: DbOrTrx, id: number): Promise<Team> {
  const [row] = await listTeamRows(db, id);
  if (!row) throw new DomainError('NOT_FOUND', TEAM_MESSAGES.notFound);
  return toTeam(row);
}

/** A name or manager already taken is the caller's 409; anything else goes on. */
export async function clashesAsConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const index = uniqueViolationOf(error);
    if (index === UNIQUE_INDEXES.teamName) throw new DomainError('CONFLICT', TEAM_MESSAGES.nameTaken);
    if (index === UNIQUE_INDEXES.teamManager) throw new DomainError('CONFLICT', TEAM_MESSAGES.managerHasTeam);
    throw error;
  }
}

async function activeManager(db: DbOrTrx, id: number): Promise<User> {
  const manager = await findUserById(db, id);
  if (manager?.systemRole !== 'manager') throw new DomainError('BAD_REQUEST', TEAM_MESSAGES.managerRequired);
  return manager;
}

/** A manager's own team only; an admin's any. */
function requireTeamRights(ctx: ServiceContext, managerId: number): void {
  requirePermission(ctx, 'team.manage');
  const actor = ctx.viewer.user;
  if (actor.systemRole !== 'admin' && actor.id !== managerId) throw new DomainError('FORBIDDEN', TEAM_MESSAGES.onlyOwnTeam);
}

export async function createTeam(ctx: ServiceContext, input: z.output<typeof createTeamSchema>): Promise<Team> {
  requireTeamRights(ctx, input.managerId);
  // The manager joins the team he leads: whose leads its people see may change, and they are told live.
  const id = await watchLeadAccess(ctx, () =>
    clashesAsConflict(() =>
      ctx.db.transaction().execute(async (trx) => {
        await activeManager(trx, input.managerId);
        return insertTeam(trx, { name: input.name, managerId: input.managerId });
      }),
    ),
  );
  return teamById(ctx.db, id);
}

export async function updateTeam(ctx: ServiceContext, id: number, input: z.output<typeof updateTeamSchema>): Promise<Team> {
  // A new manager changes the team's members: whose leads they see may change, and they are told live.
  const write = () => writeTeam(ctx, id, input);
  await (input.managerId === undefined ? write() : watchLeadAccess(ctx, write));
  return teamById(ctx.db, id);
}

async function writeTeam(ctx: ServiceContext, id: number, input: z.output<typeof updateTeamSchema>): Promise<void> {
  await clashesAsConflict(() =>
    ctx.db.transaction().execute(async (trx) => {
      const team = await findTeam(trx, id);
      if (!team) throw new DomainError('NOT_FOUND', TEAM_MESSAGES.notFound);
      requireTeamRights(ctx, team.managerId);
      const newManagerId = input.managerId !== undefined && input.managerId !== team.managerId ? input.managerId : undefined;
      if (newManagerId !== undefined) {
        // Handing a team over is an admin's: a manager could otherwise give his team away and take another.
        if (ctx.viewer.user.systemRole !== 'admin') throw new DomainError('FORBIDDEN', TEAM_MESSAGES.onlyOwnTeam);
        await activeManager(trx, newManagerId);
      }
      await updateTeamRow(trx, id, { name: input.name, managerId: newManagerId });
      if (newManagerId !== undefined) {
        await setUserTeam(trx, newManagerId, id);
        await setUserTeam(trx, team.managerId, null);
      }
    }),
  );
}

/**
 * users.update's `teamId` on `target`: only Vendedores are put in a team (a manager is in the one
 * he leads). An admin puts anyone in any team or takes them out; a manager puts a Vendedor with no
 * team into his own, and takes out only his own team's.
 */
export async function moveToTeam(ctx: ServiceContext, trx: DbOrTrx, target: User, teamId: number | null): Promise<void> {
  if (target.teamId === teamId) return;
  if (target.systemRole !== 'team_member') throw new DomainError('BAD_REQUEST', TEAM_MESSAGES.onlyVendedores);
  const actor = ctx.viewer.user;
  if (teamId !== null && !(await findTeam(trx, teamId))) throw new DomainError('BAD_REQUEST', TEAM_MESSAGES.notFound);
  if (actor.systemRole !== 'admin') {
    const own = await findTeamLedBy(trx, actor.id);
    const fromOwnOrNone = target.teamId === null || target.teamId === own?.id;
    const toOwnOrNone = teamId === null || teamId === own?.id;
    if (!own || !fromOwnOrNone || !toOwnOrNone) throw new DomainError('FORBIDDEN', TEAM_MESSAGES.onlyOwnTeam);
  }
  await setUserTeam(trx, target.id, teamId);
}

/** A manager's team name on creating or editing him: his team is created, or renamed. */
export async function nameManagersTeam(trx: DbOrTrx, managerId: number, name: string): Promise<void> {
  const team = await findTeamLedBy(trx, managerId);
  if (team) await updateTeamRow(trx, team.id, { name });
  else await insertTeam(trx, { name, managerId });
}
