/**
 * Which leads a person sees (CONTRACT §8, docs/roles-and-permissions.md 'Visibilidad de leads'):
 * set per system role and per custom role; the narrowest of a person's roles applies, and an
 * admin sees every lead whatever the setting.
 */
export const LEAD_VISIBILITIES = ['all', 'team', 'own'] as const;
export type LeadVisibility = (typeof LEAD_VISIBILITIES)[number];

export const LEAD_VISIBILITY_LABELS: Record<LeadVisibility, string> = {
  all: 'Todos',
  team: 'Su equipo',
  own: 'Solo los suyos',
};

export const LEAD_VISIBILITY_HINTS: Record<LeadVisibility, string> = {
  all: 'Todos los leads de la empresa',
  team: 'Los asignados a miembros de su equipo, y los sin asignar que creó alguno de ellos',
  own: 'Los asignados a la persona, y los sin asignar que creó ella',
};
