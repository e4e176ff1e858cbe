import { describe, expect, it } from 'vitest';
import { savedViewHref } from './saved-view-url';

describe('savedViewHref', () => {
  it('opens the list in the saved tab and mode, with the filters the URL spells in Spanish', () => {
    const href = savedViewHref({
      view: 'table',
      filters: { tab: 'contacted', status: 'interesado', category: 'salud', groupId: 4, assignedTo: 'me', sort: 'name:asc', q: 'clínica' },
    });
    const url = new URL(href, 'http://crm.test');
    expect(url.pathname).toBe('/leads');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      vista: 'contacted',
      estado: 'interesado',
      categoria: 'salud',
      grupo: '4',
      asignado: 'yo',
      orden: 'name:asc',
      q: 'clínica',
      modo: 'tabla',
    });
  });

  it('opens the board for a board view, without what the board has no place for (tab, status, sort)', () => {
    const href = savedViewHref({
      view: 'board',
      filters: { tab: 'contacted', status: 'interesado', assignedTo: 'none', sort: 'name:asc' },
    });
    expect(href).toBe('/pipeline?asignado=nadie');
  });

  it('gives the bare list for cards without filters', () => {
    expect(savedViewHref({ view: 'cards', filters: {} })).toBe('/leads?modo=tarjetas');
  });
});
