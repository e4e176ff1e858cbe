/**
 * The bulk selection over the leads list: some rows by id, or every lead the filter matches
 * ('Seleccionar los N que coinciden con el filtro', which the server resolves itself). A new tab
 * or filter starts over, so an action never reaches leads the screen no longer shows.
 */
import { useCallback, useState } from 'react';

export interface LeadSelection {
  ids: ReadonlySet<number>;
  allMatching: boolean;
  /** How many leads an action would reach, given the filter's total. */
  count: (matching: number) => number;
  isSelected: (id: number) => boolean;
  /** One row; out of 'all matching', the rows on screen stay selected but this one. */
  toggle: (id: number, loaded: readonly number[]) => void;
  /** The header checkbox: every row loaded on screen, or none. */
  setPage: (loaded: readonly number[], selected: boolean) => void;
  selectAllMatching: () => void;
  clear: () => void;
}

const NONE: ReadonlySet<number> = new Set();

export function useLeadSelection(scope: string): LeadSelection {
  const [state, setState] = useState({ scope, ids: NONE, allMatching: false });
  // Selections belong to one tab and filter: a different scope reads as nothing selected.
  const current = state.scope === scope ? state : { scope, ids: NONE, allMatching: false };
  const update = useCallback(
    (loaded: readonly number[], change: (ids: Set<number>) => void) =>
      setState((previous) => {
        const same = previous.scope === scope;
        const ids = new Set(same && previous.allMatching ? loaded : same ? previous.ids : NONE);
        change(ids);
        return { scope, ids, allMatching: false };
      }),
    [scope],
  );
  return {
    ids: current.ids,
    allMatching: current.allMatching,
    count: (matching) => (current.allMatching ? matching : current.ids.size),
    isSelected: (id) => current.allMatching || current.ids.has(id),
    toggle: (id, loaded) => update(loaded, (ids) => (ids.has(id) ? ids.delete(id) : ids.add(id))),
    setPage: (loaded, selected) => update(loaded, (ids) => loaded.forEach((id) => (selected ? ids.add(id) : ids.delete(id)))),
    selectAllMatching: () => setState({ scope, ids: NONE, allMatching: true }),
    clear: () => setState({ scope, ids: NONE, allMatching: false }),
  };
}
