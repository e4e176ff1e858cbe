/**
 * Cards (the spec's view) or the table: the URL says which when it says; otherwise the last
 * choice of this person on this browser (kept per user id, so a shared computer keeps each one's).
 */
export type LeadsMode = 'cards' | 'table';

function storageKey(userId: number): string {
  return `crm.leads.mode.${userId}`;
}

function stored(userId: number | undefined): LeadsMode {
  if (userId === undefined) return 'cards';
  try {
    return window.localStorage.getItem(storageKey(userId)) === 'table' ? 'table' : 'cards';
  } catch {
    // Storage refused (private mode, quota): the spec's cards.
    return 'cards';
  }
}

export function readMode(value: string | null, userId: number | undefined): LeadsMode {
  if (value === 'tabla') return 'table';
  if (value === 'tarjetas') return 'cards';
  return stored(userId);
}

export function rememberMode(mode: LeadsMode, userId: number | undefined): void {
  if (userId === undefined) return;
  try {
    window.localStorage.setItem(storageKey(userId), mode);
  } catch {
    // Not remembered; the URL still carries the choice.
  }
}
