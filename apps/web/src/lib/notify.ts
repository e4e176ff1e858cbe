/** Toasts: one at a time, 5 s; destructive ones in red. */
import { notifications } from '@mantine/notifications';

export function notifySuccess(title: string, message?: string): void {
  notifications.show({ title, message: message ?? '', color: 'teal' });
}

export function notifyError(title: string, message?: string): void {
  notifications.show({ title, message: message ?? '', color: 'red' });
}
