/**
 * The header's bell: the unread count, and on click a panel with the newest notifications. The
 * panel (a popover, and the positioning code under it) loads with the first click: the shell of
 * every screen shows the bell, few first screens open it.
 */
import { type ComponentType, useState } from 'react';
import { notifyError } from '../../../lib/notify';
import { useNotifications } from '../hooks/useNotifications';
import { BellButton } from './BellButton';

export function NotificationBell() {
  // The panel's list loads with the shell, as before the panel had its own chunk: it opens filled.
  const { unreadCount } = useNotifications();
  const [Popover, setPopover] = useState<ComponentType | null>(null);
  const [loading, setLoading] = useState(false);
  if (Popover) return <Popover />;
  const load = () => {
    if (loading) return;
    setLoading(true);
    import('./NotificationPopover')
      .then((module) => setPopover(() => module.NotificationPopover))
      // Offline, say: the bell stays as it is, and the next click tries again.
      .catch(() => notifyError('No se pudieron cargar las notificaciones', 'Comprueba tu conexión e inténtalo de nuevo'))
      .finally(() => setLoading(false));
  };
  return <BellButton unreadCount={unreadCount} onClick={load} />;
}
