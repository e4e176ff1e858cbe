/** 'Notificaciones': the user's switches, stored on the server so every browser of theirs follows them. */
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@crm/domain';
import { Card, Stack, Switch, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifyError } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';

const SWITCHES: { key: keyof NotificationPreferences; label: string; description: string }[] = [
  { key: 'emails', label: 'Emails', description: 'Recibir resúmenes por correo' },
  { key: 'chatSounds', label: 'Chat', description: 'Sonidos de mensajes nuevos' },
  { key: 'browser', label: 'Avisos del navegador', description: 'Mostrar avisos cuando la pestaña está en segundo plano' },
];

export function NotificationsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const queryKey = trpc.notifications.preferences.queryKey();
  const preferences = useQuery(trpc.notifications.preferences.queryOptions());
  const save = useMutation(
    trpc.notifications.setPreferences.mutationOptions({
      onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
      onError: () => {
        notifyError('No se pudo guardar la preferencia');
        void queryClient.invalidateQueries({ queryKey });
      },
    }),
  );
  const current = preferences.data ?? DEFAULT_NOTIFICATION_PREFERENCES;
  const change = (key: keyof NotificationPreferences, value: boolean) => {
    // Shown at once; the server's answer (or a refetch after an error) settles it.
    queryClient.setQueryData(queryKey, { ...current, [key]: value });
    save.mutate({ [key]: value });
  };
  return (
    <Card>
      <Stack>
        <Title order={2} size="h4">
          Notificaciones
        </Title>
        {SWITCHES.map((item) => (
          <Switch
            key={item.key}
            label={item.label}
            description={item.description}
            checked={current[item.key]}
            disabled={preferences.isPending}
            onChange={(event) => change(item.key, event.currentTarget.checked)}
          />
        ))}
      </Stack>
    </Card>
  );
}
