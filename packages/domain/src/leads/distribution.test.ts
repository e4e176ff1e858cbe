import { describe, expect, it } from 'vitest';
import { type DistributionMember, planDistribution } from './distribution.js';

const members = (...ids: number[]): DistributionMember[] => ids.map((id) => ({ id, openLeads: 0 }));
const tally = (assignees: number[]) =>
  assignees.reduce<Record<number, number>>((counts, id) => ({ ...counts, [id]: (counts[id] ?? 0) + 1 }), {});

describe('planDistribution', () => {
  it('gives 1,000 leads to 4 members 250 each, in turn', () => {
    const plan = planDistribution('round_robin', members(4, 2, 9, 7), null, 1000);
    expect(tally(plan.assignees)).toEqual({ 2: 250, 4: 250, 7: 250, 9: 250 });
    expect(plan.assignees.slice(0, 5)).toEqual([2, 4, 7, 9, 2]);
    expect(plan.lastAssignedUserId).toBe(9);
  });

  it('gives 1,000 leads to 3 members 333/333/334', () => {
    const counts = Object.values(tally(planDistribution('round_robin', members(1, 2, 3), null, 1000).assignees)).sort();
    expect(counts).toEqual([333, 333, 334]);
  });

  it('continues the rotation after the last member served, never giving anyone two turns in a row', () => {
    const first = planDistribution('round_robin', members(1, 2, 3), null, 2);
    expect(first).toEqual({ assignees: [1, 2], lastAssignedUserId: 2 });
    const second = planDistribution('round_robin', members(1, 2, 3), first.lastAssignedUserId, 2);
    expect(second.assignees).toEqual([3, 1]);
    // The last one served left the role: the turn goes to the next id.
    expect(planDistribution('round_robin', members(1, 3), 2, 1).assignees).toEqual([3]);
  });

  it('least_busy evens out unequal loads, then rotates', () => {
    const loaded = [
      { id: 1, openLeads: 10 },
      { id: 2, openLeads: 0 },
      { id: 3, openLeads: 4 },
    ];
    const plan = planDistribution('least_busy', loaded, null, 16);
    expect(tally(plan.assignees)).toEqual({ 2: 10, 3: 6 });
    const next = planDistribution(
      'least_busy',
      [
        { id: 1, openLeads: 10 },
        { id: 2, openLeads: 10 },
        { id: 3, openLeads: 10 },
      ],
      plan.lastAssignedUserId,
      3,
    );
    expect(tally(next.assignees)).toEqual({ 1: 1, 2: 1, 3: 1 });
  });

  it('plans nothing for the rule none or a role without available members', () => {
    expect(planDistribution('none', members(1), null, 5).assignees).toEqual([]);
    expect(planDistribution('round_robin', [], 4, 5)).toEqual({ assignees: [], lastAssignedUserId: 4 });
  });
});
