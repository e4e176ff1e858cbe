import { describe, expect, it } from 'vitest';
import { leadListMatch } from './list-match.js';

const lead = { status: 'nuevo', contactedAt: null, category: 'salud', groupId: null, assignedTo: 7 } as const;
const contacted = { ...lead, status: 'contactado', contactedAt: new Date() } as const;

describe('leadListMatch', () => {
  it('keeps a lead that may still be marked contacted in Leads Activos and drops it once contacted', () => {
    expect(leadListMatch(lead, { view: 'leads' }, 1)).toBe('yes');
    expect(leadListMatch(contacted, { view: 'leads' }, 1)).toBe('no');
    expect(leadListMatch(contacted, { view: 'contacted' }, 1)).toBe('yes');
    expect(leadListMatch(lead, { view: 'contacted' }, 1)).toBe('no');
  });

  it('lists only ungrouped leads in the default Leads Activos view, any group once a group or assignee is chosen', () => {
    const grouped = { ...lead, groupId: 3 };
    expect(leadListMatch(grouped, { view: 'leads' }, 1)).toBe('no');
    expect(leadListMatch(grouped, { view: 'leads', groupId: 3 }, 1)).toBe('yes');
    expect(leadListMatch(grouped, { view: 'leads', groupId: 4 }, 1)).toBe('no');
    expect(leadListMatch(grouped, { view: 'leads', assignedTo: 'me' }, 7)).toBe('yes');
  });

  it('applies the status, category and assignee filters', () => {
    expect(leadListMatch(contacted, { view: 'leads', status: 'contactado' }, 1)).toBe('yes');
    expect(leadListMatch(lead, { status: 'perdido' }, 1)).toBe('no');
    expect(leadListMatch(lead, { category: 'retail' }, 1)).toBe('no');
    expect(leadListMatch(lead, { assignedTo: 'me' }, 8)).toBe('no');
    expect(leadListMatch(lead, { assignedTo: 7 }, 1)).toBe('yes');
    expect(leadListMatch({ ...lead, assignedTo: null }, { assignedTo: 'none' }, 1)).toBe('yes');
  });

  it('cannot decide a text search or a notification list unless another filter rules the lead out', () => {
    expect(leadListMatch(lead, { q: 'clínica' }, 1)).toBe('unknown');
    expect(leadListMatch(lead, { notificationId: 4 }, 1)).toBe('unknown');
    expect(leadListMatch(lead, { q: 'clínica', status: 'perdido' }, 1)).toBe('no');
  });
});
