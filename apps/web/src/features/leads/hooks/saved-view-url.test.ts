import { describe, expect, it } from 'vitest';
import { savedFiltersOf, savedViewHref } from './saved-view-url';
import type { LeadsView } from './useLeadsView';

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

  it('keeps the custom field filters, whatever order their keys come back in, for the list and the board', () => {
    const href = savedViewHref({
      view: 'table',
      filters: { cf: { provincia: { anyOf: ['Madrid', 'Sevilla'] }, empleados: { min: 10, max: 50 } }, sort: 'cf.empleados:desc' },
    });
    const url = new URL(href, 'http://crm.test');
    expect(url.searchParams.get('orden')).toBe('cf.empleados:desc');
    expect(JSON.parse(url.searchParams.get('campos') ?? '')).toEqual({
      provincia: { anyOf: ['Madrid', 'Sevilla'] },
      empleados: { min: 10, max: 50 },
    });
    // The same filters in another key order (as the database returns them) open the same address.
    expect(
      savedViewHref({
        view: 'table',
        filters: { sort: 'cf.empleados:desc', cf: { empleados: { max: 50, min: 10 }, provincia: { anyOf: ['Madrid', 'Sevilla'] } } },
      }),
    ).toBe(href);
    expect(savedViewHref({ view: 'board', filters: { cf: { provincia: { eq: 'Madrid' } } } })).toBe(
      `/pipeline?campos=${encodeURIComponent('{"provincia":{"eq":"Madrid"}}')}`,
    );
  });

  it('saves the custom field filters of the view, and none when there are none', () => {
    const view = { tab: 'leads', category: null, status: null, groupId: null, assignee: null, tagId: null, sort: null, query: undefined };
    expect(savedFiltersOf({ ...view, customFilters: { provincia: { eq: 'Madrid' } } } as unknown as LeadsView)).toEqual({
      cf: { provincia: { eq: 'Madrid' } },
    });
    expect(savedFiltersOf({ ...view, customFilters: {} } as unknown as LeadsView)).toEqual({});
  });
});
