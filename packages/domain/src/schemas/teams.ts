/** Teams (docs/teams.md): a manager leads one; admins and managers put Vendedores in it; a person is in at most one. */
import { z } from 'zod';
import { formatCount } from '../format/plural.js';
import { SYSTEM_ROLES } from '../roles.js';
import { LIMITS, idSchema, requiredText } from './common.js';

export const TEAM_MESSAGES = {
  notFound: 'Equipo no encontrado',
  nameTaken: 'Ya existe un equipo con ese nombre',
  managerRequired: 'El responsable de un equipo debe ser un manager activo',
  managerHasTeam: 'Ese manager ya dirige otro equipo',
  onlyOwnTeam: 'Solo puedes gestionar tu propio equipo',
  onlyVendedores: 'Solo los vendedores se ponen en un equipo: un manager pertenece al que dirige',
} as const;

const teamPersonSchema = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string(),
  systemRole: z.enum(SYSTEM_ROLES),
});

export const teamSchema = z.object({
  id: z.number(),
  name: z.string(),
  manager: teamPersonSchema,
  /** Active members, the manager included, by name. */
  members: z.array(teamPersonSchema),
  memberCount: z.number().int().min(0),
  createdAt: z.date(),
});
export type Team = z.infer<typeof teamSchema>;

const teamName = requiredText('El nombre del equipo es requerido', LIMITS.shortText);

export const createTeamSchema = z.object({ name: teamName, managerId: idSchema });
export type CreateTeamInput = z.input<typeof createTeamSchema>;

/** Renaming, or (admin) handing the team to another manager. */
export const updateTeamSchema = z.object({ name: teamName.optional(), managerId: idSchema.optional() });
export type UpdateTeamInput = z.input<typeof updateTeamSchema>;

/** 'Equipo Norte — 4 miembros' / '— 1 miembro'. */
export function teamHeading(team: Pick<Team, 'name' | 'memberCount'>): string {
  return `${team.name} — ${formatCount(team.memberCount, 'miembro', 'miembros')}`;
}
