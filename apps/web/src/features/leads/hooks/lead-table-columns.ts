/** Which table columns a person hid, kept per user on this browser like the cards/table choice. */
import type { ColumnVisibilityState } from '@tanstack/react-table';

function storageKey(userId: number): string {
  return `crm.leads.columns.${userId}`;
}

export function readHiddenColumns(userId: number): ColumnVisibilityState {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(storageKey(userId)) ?? '{}');
    if (typeof stored !== 'object' || stored === null) return {};
    return Object.fromEntries(Object.entries(stored).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
  } catch {
    // Unreadable or refused storage: every column shows.
    return {};
  }
}

export function rememberHiddenColumns(userId: number, visibility: ColumnVisibilityState): void {
  try {
    window.localStorage.setItem(storageKey(userId), JSON.stringify(visibility));
  } catch {
    // Not remembered; the choice lasts while the page is open.
  }
}
