/** Mantine's toast container, in its own chunk: components/Toasts.tsx mounts it with the first toast. */
import { Notifications } from '@mantine/notifications';

/** Long enough to read a title and a line; short enough that the next action's toast is not waiting behind it. */
const TOAST_MS = 3000;

export function ToastContainer() {
  // One toast at a time (lib/notify.ts replaces the one shown), in the corner no page keeps its actions in.
  return <Notifications limit={1} autoClose={TOAST_MS} position="bottom-right" />;
}
