/**
 * Toasts: one at a time, bottom-right, 3 s (an error 6 s: it has more to read). "One at a time"
 * means the newest replaces the one on screen: Mantine's `limit` alone would queue it behind the
 * current toast.
 */
import { notifications } from '@mantine/notifications';

const ERROR_TOAST_MS = 6000;

function showAlone(title: string, message: string | undefined, color: string, autoClose?: number): void {
  notifications.clean();
  notifications.show({ title, message: message ?? '', color, autoClose });
}

export function notifySuccess(title: string, message?: string): void {
  showAlone(title, message, 'teal');
}

export function notifyError(title: string, message?: string): void {
  showAlone(title, message, 'red', ERROR_TOAST_MS);
}
