/**
 * 'Mis seguimientos' on the dashboard: pending follow-ups overdue (red), today and in the next 7
 * days. Admin and manager switch between 'Míos' and 'Equipo' (followUp.team).
 */
import { type FollowUpDue, type FollowUpScope, UPCOMING_DAYS, can } from '@crm/domain';
import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { ChoiceSwitch } from '../../../components/ChoiceSwitch';
import { useDeferredData } from '../../../lib/use-deferred-data';
import { usePendingFollowUps } from '../hooks/useFollowUpQueries';
import { FollowUpRow } from './FollowUpRow';

const SECTIONS: { due: Exclude<FollowUpDue, 'all'>; title: string }[] = [
  { due: 'overdue', title: 'Vencidos' },
  { due: 'today', title: 'Hoy' },
  { due: 'upcoming', title: `Próximos ${UPCOMING_DAYS} días` },
];

function FollowUpSection({ scope, due, title }: { scope: FollowUpScope; due: Exclude<FollowUpDue, 'all'>; title: string }) {
  const list = usePendingFollowUps(scope, due);
  const { data: loaded, pending } = useDeferredData(list);
  const items = loaded ?? [];
  const overdue = due === 'overdue';
  return (
    <Stack gap="xs" data-testid={`follow-ups-${due}`}>
      <Title order={3} size="h6" c={overdue ? 'red.8' : undefined}>
        {title} {loaded ? `(${items.length})` : ''}
      </Title>
      {pending ? (
        <Skeleton height={40} />
      ) : list.isError ? (
        <Text size="sm" c="red.8">
          No se pudieron cargar los seguimientos
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nada pendiente
        </Text>
      ) : (
        items.map((followUp) => <FollowUpRow key={followUp.id} followUp={followUp} overdue={overdue} showOwner={scope === 'team'} />)
      )}
    </Stack>
  );
}

export function MyFollowUpsCard() {
  const user = useCurrentUser();
  const [scope, setScope] = useState<FollowUpScope>('mine');
  return (
    <Card data-testid="my-follow-ups">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} size="h4">
          Mis seguimientos
        </Title>
        {can(user, 'followUp.team') ? (
          <ChoiceSwitch
            size="xs"
            aria-label="Ámbito de los seguimientos"
            value={scope}
            onChange={setScope}
            data={[
              { value: 'mine', label: 'Míos' },
              { value: 'team', label: 'Equipo' },
            ]}
          />
        ) : null}
      </Group>
      <Stack gap="lg">
        {SECTIONS.map((section) => (
          <FollowUpSection key={section.due} scope={scope} due={section.due} title={section.title} />
        ))}
      </Stack>
    </Card>
  );
}
