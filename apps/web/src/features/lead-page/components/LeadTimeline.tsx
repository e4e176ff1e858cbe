/** 'Historial': everything that happened to the lead, newest first, with who and when, a page at a time. */
import type { CustomFieldEntity } from '@crm/domain';
import { Button, Card, Center, Stack, Text, Timeline, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { useTRPC } from '../../../lib/trpc';
import { changeLines, historyTitle } from '../history-text';
import { useTeamFormat } from '../../../lib/useTeamFormat';

export function LeadTimeline({ leadId }: { leadId: number }) {
  const format = useTeamFormat();
  const trpc = useTRPC();
  const history = useInfiniteQuery(
    trpc.leadHistory.list.infiniteQueryOptions({ leadId }, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
  );
  const entries = history.data?.pages.flatMap((page) => page.items) ?? [];
  // Archived fields too: their old changes stay in the history with their names. A contact's entries name its fields.
  const fields = useQuery(trpc.customFields.list.queryOptions({ includeArchived: true }));
  const labelsOf = (entity: CustomFieldEntity) =>
    Object.fromEntries((fields.data ?? []).filter((field) => field.entity === entity).map((field) => [field.key, field.label]));
  const customLabels = { lead: labelsOf('lead'), contact: labelsOf('contact') };

  return (
    <Card>
      <Stack gap="md">
        <Title order={2} size="h4">
          Historial
        </Title>
        {history.isPending ? <PageLoader label="Cargando historial..." /> : null}
        {history.isError ? <LoadError title="No se pudo cargar el historial" query={history} /> : null}
        {history.isSuccess && entries.length === 0 ? <Text c="dimmed">Sin cambios registrados</Text> : null}
        {entries.length > 0 ? (
          <Timeline bulletSize={14} lineWidth={2} data-testid="lead-timeline">
            {entries.map((entry) => (
              <Timeline.Item key={entry.id} title={historyTitle(entry, format)} data-testid="timeline-entry">
                {changeLines(entry, format, entry.type.startsWith('contact_') ? customLabels.contact : customLabels.lead).map((line) => (
                  <Text key={line} size="sm" style={{ overflowWrap: 'break-word' }}>
                    {line}
                  </Text>
                ))}
                <Text size="xs" c="dimmed" mt={4}>
                  {entry.actor?.name ?? 'Sistema'} · {format.dateTime(entry.at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        ) : null}
        {history.hasNextPage ? (
          <Center>
            <Button variant="subtle" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
              Ver más
            </Button>
          </Center>
        ) : null}
      </Stack>
    </Card>
  );
}
