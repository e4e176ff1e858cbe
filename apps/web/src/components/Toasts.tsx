/**
 * Where toasts appear. The container (transitions, swiping a toast away) loads with the first toast
 * rather than with the page: most first screens show none, and a phone then downloads and runs less.
 * The store the toasts are added to (lib/notify.ts) is Mantine's, so a toast shown while the
 * container loads appears once it has.
 */
import { useNotifications } from '@mantine/notifications';
import { type ComponentType, useEffect, useState } from 'react';

export function Toasts() {
  const wanted = useNotifications().notifications.length > 0;
  const [Container, setContainer] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!wanted || Container) return;
    let current = true;
    import('./ToastContainer')
      .then((module) => {
        if (current) setContainer(() => module.ToastContainer);
      })
      // Not loaded (offline): this toast is not shown, the next one tries again.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [wanted, Container]);
  return Container ? <Container /> : null;
}
