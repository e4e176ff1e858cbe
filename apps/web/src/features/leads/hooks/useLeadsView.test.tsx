import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { leadFilters, useLeadsView } from './useLeadsView';

function renderView(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(() => ({ view: useLeadsView(7), location: useLocation(), navigate: useNavigate() }), { wrapper });
}

describe('useLeadsView', () => {
  it('reads the tab and the filters from the URL', () => {
    const { result } = renderView('/leads?vista=contacted&categoria=salud&estado=interesado&grupo=12');
    expect(result.current.view).toMatchObject({ tab: 'contacted', category: 'salud', status: 'interesado', groupId: 12 });
    expect(leadFilters(result.current.view)).toEqual({
      category: 'salud',
      status: 'interesado',
      groupId: 12,
      assignedTo: undefined,
      q: undefined,
    });
  });

  it('ignores values that are not a tab, category, status or id', () => {
    const { result } = renderView('/leads?vista=papelera&categoria=astrologia&estado=dormido&grupo=-3');
    expect(result.current.view).toMatchObject({ tab: 'leads', category: null, status: null, groupId: null });
  });

  it('writes changes into the URL and leaves the default tab out of it', () => {
    const { result } = renderView('/leads?vista=groups');
    act(() => result.current.view.setCategory('finanzas'));
    act(() => result.current.view.setTab('leads'));
    expect(result.current.location.search).toBe('?categoria=finanzas');
    act(() => result.current.view.setCategory(null));
    expect(result.current.location.search).toBe('');
  });

  it("'Ver Leads' of a group filters by it and returns to Leads Activos; 'Ver todos' clears it", () => {
    const { result } = renderView('/leads?vista=groups&estado=nuevo');
    act(() => result.current.view.showGroup(5));
    expect(result.current.view).toMatchObject({ tab: 'leads', groupId: 5, status: 'nuevo' });
    act(() => result.current.view.clearGroup());
    expect(result.current.view.groupId).toBeNull();
    expect(result.current.location.search).toBe('?estado=nuevo');
  });

  it('shows the typed search at once and hands the lists the trimmed text once typing pauses', async () => {
    const { result } = renderView('/leads');
    act(() => result.current.view.setSearch('  clínica '));
    expect(result.current.view.search).toBe('  clínica ');
    expect(result.current.view.query).toBeUndefined();
    await waitFor(() => expect(result.current.view.query).toBe('clínica'));
    act(() => result.current.view.setSearch('   '));
    await waitFor(() => expect(result.current.view.query).toBeUndefined());
  });

  it('makes each choice a history entry, so Back undoes the last filter', async () => {
    const { result } = renderView('/leads');
    act(() => result.current.view.setStatus('nuevo'));
    act(() => result.current.view.setCategory('salud'));
    expect(result.current.location.search).toBe('?estado=nuevo&categoria=salud');
    await act(() => result.current.navigate(-1));
    expect(result.current.view).toMatchObject({ status: 'nuevo', category: null });
  });

  it("reads the assignee, the table view and the sort; 'Limpiar filtros' keeps the tab and the view", () => {
    const { result } = renderView('/leads?vista=contacted&asignado=yo&modo=tabla&orden=name:asc&q=ana&categoria=legal');
    expect(result.current.view).toMatchObject({ assignee: 'me', mode: 'table', sort: 'name:asc', query: 'ana', filtered: true });
    act(() => result.current.view.clearFilters());
    expect(result.current.location.search).toBe('?vista=contacted&modo=tabla&orden=name%3Aasc');
    expect(result.current.view).toMatchObject({ assignee: null, category: null, search: '', filtered: false });
  });

  it("takes 'nadie' and a person's id as assignees and ignores an unknown sort", () => {
    expect(renderView('/leads?asignado=nadie').result.current.view.assignee).toBe('none');
    expect(renderView('/leads?asignado=42&orden=price:asc').result.current.view).toMatchObject({ assignee: 42, sort: null });
  });

  it('remembers the chosen view per person when the URL does not say', () => {
    const { result } = renderView('/leads');
    expect(result.current.view.mode).toBe('cards');
    act(() => result.current.view.setMode('table'));
    expect(renderView('/leads').result.current.view.mode).toBe('table');
    expect(renderView('/leads?modo=tarjetas').result.current.view.mode).toBe('cards');
  });
});
