/**
 * Open/close state for a dialog about one item (a lead, a group). The item outlives the close,
 * so the dialog keeps its title and content while its closing animation plays.
 */
import { useCallback, useState } from 'react';

export interface DialogSubject<T> {
  subject: T | null;
  opened: boolean;
  open: (subject: T) => void;
  close: () => void;
}

export function useDialogSubject<T>(): DialogSubject<T> {
  const [subject, setSubject] = useState<T | null>(null);
  const [opened, setOpened] = useState(false);
  const open = useCallback((next: T) => {
    setSubject(next);
    setOpened(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  return { subject, opened, open, close };
}
