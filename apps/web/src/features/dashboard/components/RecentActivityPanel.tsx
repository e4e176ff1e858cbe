/** 'Actividad Reciente': the newest activities with a look per type and a relative time. */
import { RECENT_ACTIVITY_LIMIT, formatRelativeTime } from '@crm/domain';
import { Box, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredData } from '../../../lib/use-deferred-data';
import { useTRPC } from '../../../lib/trpc';
import { activityLook } from './activity-looks';

const SKELETON_ROWS = 3;
/** A row: the icon beside the description and the time, in px. */
const ROW_MIN_HEIGHT = 42;
/** What a row usually takes: the description wraps to a second line at half the screen and on a phone. */
const ROW_USUAL_HEIGHT = 64;
const ROW_GAP = 16;
/**
 * The list's space is held from the first paint at its full length, so the panels below do not jump
 * when the activities arrive (a layout shift of 0.54 on a phone without it).
 */
const LIST_MIN_HEIGHT = RECENT_ACTIVITY_LIMIT.default * ROW_USUAL_HEIGHT + (RECENT_ACTIVITY_LIMIT.default - 1) * ROW_GAP;

export function RecentActivityPanel() {
  const trpc = useTRPC();
  const activities = useQuery(trpc.activities.recent.queryOptions());
  const { data: loaded, pending } = useDeferredData(activities);
  // The lists default to empty when loading fails.
  const items = loaded ?? [];
  return (
    <Card h="100%" data-testid="recent-activity">
      <Title order={2} size="h4" mb="md">
        Actividad Reciente
      </Title>
      <Box mih={LIST_MIN_HEIGHT}>
        {pending ? (
          <Stack gap={ROW_GAP} data-testid="activity-skeleton" aria-busy>
            {Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <Group key={index} wrap="nowrap" mih={ROW_MIN_HEIGHT}>
                <Skeleton circle height={36} />
                <Stack gap={6} style={{ flex: 1 }}>
                  <Skeleton height={12} width="80%" />
                  <Skeleton height={10} width="30%" />
                </Stack>
              </Group>
            ))}
          </Stack>
        ) : items.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            No hay actividad reciente
          </Text>
        ) : (
          <Stack gap={ROW_GAP}>
            {items.map((activity) => {
              const look = activityLook(activity.type);
              return (
                <Group
                  key={activity.id}
                  wrap="nowrap"
                  align="flex-start"
                  mih={ROW_MIN_HEIGHT}
                  data-testid="activity-row"
                  data-type={activity.type}
                >
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
      </Box>
    </Card>
  );
}
