/**
 * Mounted once in the signed-in layout: asks for the browser's permission once, and turns each
 * new notification into a system notification and sound while the tab is in the background.
 */
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@crm/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { alertInBackground, askPermissionOnce } from '../hooks/background-alert';
import { onNewNotification } from '../hooks/notification-events';
import { useOpenNotification } from '../hooks/useNotifications';

export function NotificationAlerts() {
  const trpc = useTRPC();
  const preferences = useQuery(trpc.notifications.preferences.queryOptions());
  const open = useOpenNotification();
  const switches = preferences.data ?? DEFAULT_NOTIFICATION_PREFERENCES;

  useEffect(() => onNewNotification((notification) => alertInBackground(notification, switches, () => open(notification))));
  useEffect(() => {
    document.addEventListener('pointerdown', askPermissionOnce, { once: true });
    return () => document.removeEventListener('pointerdown', askPermissionOnce);
  }, []);
  return null;
}
