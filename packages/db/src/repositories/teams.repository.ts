/**
 * Teams: a manager leads one (teams.manager_id, unique), people belong to at most one
 * (users.team_id). The manager is a member of his own team: the deferred key
 * teams_manager_is_member checks it when the transaction commits.
 */
import { sql } from 'kysely';
import type { DbOrTrx } from '../types.js';

export interface TeamPersonRow {
  id: number;
  firstName: string | null;
  lastName: string | null;
  username: string;
  systemRole: 'admin' | 'manager' | 'team_member';
}

export interface TeamRecord {
  id: number;
  name: string;
  managerId: number;
  createdAt: Date;
}

export interface TeamWithMembers extends TeamRecord {
  manager: TeamPersonRow;
  members: TeamPersonRow[];
}

const PERSON = ['u.id', 'u.first_name as firstName', 'u.last_name as lastName', 'u.username', 'u.system_role as systemRole'] as const;

/** Every team with its manager and its active members (the manager included), by name. */
export async function listTeams(db: DbOrTrx, onlyId?: number): Promise<TeamWithMembers[]> {
  let teamsQuery = db
    .selectFrom('teams as t')
    .innerJoin('users as u', 'u.id', 't.manager_id')
    .select(['t.id as teamId', 't.name', 't.manager_id as managerId', 't.created_at as createdAt', ...PERSON])
    .orderBy(sql`lower(t.name)`)
    .orderBy('t.id');
  if (onlyId !== undefined) teamsQuery = teamsQuery.where('t.id', '=', onlyId);
  const teams = await teamsQuery.execute();
  if (teams.length === 0) return [];
  const members = await db
    .selectFrom('users as u')
    .select(['u.team_id as teamId', ...PERSON])
    .where(
      'u.team_id',
      'in',
      teams.map((team) => team.teamId),
    )
    .where('u.deactivated_at', 'is', null)
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.id')
    .execute();
  return teams.map(({ teamId, name, managerId, createdAt, ...manager }) => ({
    id: teamId,
    name,
    managerId,
    createdAt,
    manager,
    members: members.filter((member) => member.teamId === teamId).map(({ teamId: _team, ...person }) => person),
  }));
}

export async function findTeam(db: DbOrTrx, id: number): Promise<TeamRecord | undefined> {
  return db
    .selectFrom('teams')
    .select(['id', 'name', 'manager_id as managerId', 'created_at as createdAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The team `managerId` leads, if any. */
export async function findTeamLedBy(db: DbOrTrx, managerId: number): Promise<TeamRecord | undefined> {
  return db
    .selectFrom('teams')
    .select(['id', 'name', 'manager_id as managerId', 'created_at as createdAt'])
    .where('manager_id', '=', managerId)
    .executeTakeFirst();
}

/**
 * The team a manager leads goes when he is its only member (a manager who stops being one leaves
 * nobody behind): answers whether he still leads a team afterwards, one with members.
 */
export async function dissolveTeamIfAlone(db: DbOrTrx, managerId: number): Promise<boolean> {
  const team = await findTeamLedBy(db, managerId);
  if (!team) return false;
  const others = await db
    .selectFrom('users')
    .select('id')
    .where('team_id', '=', team.id)
    .where('id', '<>', managerId)
    .limit(1)
    .executeTakeFirst();
  if (others) return true;
  await db.deleteFrom('teams').where('id', '=', team.id).execute();
  return false;
}

/** A new team and its manager in it, in the caller's transaction (unique name and manager: 23505 on a clash). */
export async function insertTeam(db: DbOrTrx, values: { name: string; managerId: number }): Promise<number> {
  const { id } = await db
    .insertInto('teams')
    .values({ name: values.name, manager_id: values.managerId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await setUserTeam(db, values.managerId, id);
  return id;
}

export async function updateTeamRow(db: DbOrTrx, id: number, values: { name?: string; managerId?: number }): Promise<void> {
  await db
    .updateTable('teams')
    .set({ name: values.name, manager_id: values.managerId, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function setUserTeam(db: DbOrTrx, userId: number, teamId: number | null): Promise<void> {
  await db.updateTable('users').set({ team_id: teamId, updated_at: new Date() }).where('id', '=', userId).execute();
}
