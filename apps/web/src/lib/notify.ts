/**
 * Toasts: one at a time, 5 s, destructive ones in red. "One at a time" means the newest replaces
 * the one on screen: Mantine's `limit` alone would queue it behind the current toast's 5 s.
 */
import { notifications } from '@mantine/notifications';

function showAlone(title: string, message: string | undefined, color: string): void {
  notifications.clean();
  notifications.show({ title, message: message ?? '', color });
}

export function notifySuccess(title: string, message?: string): void {
  showAlone(title, message, 'teal');
}

export function notifyError(title: string, message?: string): void {
  showAlone(title, message, 'red');
}
