/** 'Actividad Reciente': the newest activities with a look per type and a relative time. */
import { formatRelativeTime } from '@crm/domain';
import { Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import { activityLook } from './activity-looks';

const SKELETON_ROWS = 3;

export function RecentActivityPanel() {
  const trpc = useTRPC();
  const activities = useQuery(trpc.activities.recent.queryOptions());
  // The lists default to empty when loading fails.
  const items = activities.data ?? [];
  return (
    <Card h="100%" data-testid="recent-activity">
      <Title order={2} size="h4" mb="md">
        Actividad Reciente
      </Title>
      {activities.isPending ? (
        <Stack gap="md" data-testid="activity-skeleton">
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <Group key={index} wrap="nowrap">
              <Skeleton circle height={36} />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton height={10} width="80%" />
                <Skeleton height={8} width="30%" />
              </Stack>
            </Group>
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No hay actividad reciente
        </Text>
      ) : (
        <Stack gap="md">
          {items.map((activity) => {
            const look = activityLook(activity.type);
            return (
              <Group key={activity.id} wrap="nowrap" align="flex-start" data-testid="activity-row" data-type={activity.type}>
                <ThemeIcon color={look.color} variant="light" radius="xl" size={36}>
                  <look.icon size={18} />
                </ThemeIcon>
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="sm">{activity.description}</Text>
                  <Text size="xs" c="dimmed">
                    {formatRelativeTime(activity.createdAt)}
                  </Text>
                </Stack>
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
