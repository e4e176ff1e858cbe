/**
 * Automatic distribution by specialization (docs/leads.md, 'Reparto automático'): the rule each
 * custom role has, and the plan that hands a number of leads to its available members. The API
 * runs the plan under the role row's lock, so the rotation it advances is the same for every replica.
 */

export const DISTRIBUTION_RULES = ['none', 'round_robin', 'least_busy'] as const;
export type DistributionRule = (typeof DISTRIBUTION_RULES)[number];

export const DISTRIBUTION_RULE_LABELS: Record<DistributionRule, string> = {
  none: 'Ninguno',
  round_robin: 'Por turnos',
  least_busy: 'Menos ocupado',
};

export const DISTRIBUTION_RULE_OPTIONS = DISTRIBUTION_RULES.map((value) => ({ value, label: DISTRIBUTION_RULE_LABELS[value] }));

export interface DistributionMember {
  id: number;
  /** Open leads (not convertido or perdido) assigned to them now; read by least_busy only. */
  openLeads: number;
}

export interface DistributionPlan {
  /** The member of each lead, in the leads' order. */
  assignees: number[];
  /** Where the rotation stands after the plan: the next turn is the member after this one. */
  lastAssignedUserId: number | null;
}

/** The members in turn order: those after the last one served (by id), then from the start. */
function turnOrder(members: readonly DistributionMember[], lastAssignedUserId: number | null): DistributionMember[] {
  const byId = [...members].sort((a, b) => a.id - b.id);
  const next = lastAssignedUserId === null ? 0 : byId.findIndex((member) => member.id > lastAssignedUserId);
  const start = next === -1 ? 0 : next;
  return [...byId.slice(start), ...byId.slice(0, start)];
}

/**
 * round_robin: one each in turn, continuing the rotation (1,000 leads to 4 members → 250 each).
 * least_busy: each lead to whoever has the fewest open leads at that moment, ties in turn order,
 * so unequal loads even out. 'none' and no members plan nothing.
 */
export function planDistribution(
  rule: DistributionRule,
  members: readonly DistributionMember[],
  lastAssignedUserId: number | null,
  count: number,
): DistributionPlan {
  if (rule === 'none' || members.length === 0 || count <= 0) return { assignees: [], lastAssignedUserId };
  const order = turnOrder(members, lastAssignedUserId);
  const assignees: number[] = [];
  if (rule === 'round_robin') {
    for (let index = 0; index < count; index += 1) assignees.push((order[index % order.length] as DistributionMember).id);
  } else {
    const loads = order.map((member) => ({ id: member.id, load: member.openLeads }));
    let cursor = 0; // Ties go to the first in turn order after the last one served.
    for (let index = 0; index < count; index += 1) {
      let best = cursor;
      for (let step = 1; step < loads.length; step += 1) {
        const candidate = (cursor + step) % loads.length;
        if ((loads[candidate] as { load: number }).load < (loads[best] as { load: number }).load) best = candidate;
      }
      const chosen = loads[best] as { id: number; load: number };
      chosen.load += 1;
      assignees.push(chosen.id);
      cursor = (best + 1) % loads.length;
    }
  }
  return { assignees, lastAssignedUserId: assignees.at(-1) ?? lastAssignedUserId };
}
