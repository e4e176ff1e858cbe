/** The lead page's 'Seguimiento' card: the next follow-up with 'Marcar como hecho' and 'Reprogramar', or 'Programar seguimiento'. */
import { type LeadListItem } from '@crm/domain';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendarPlus, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useUpdateFollowUp } from '../hooks/useFollowUpMutations';
import { LazyFollowUpDialog } from './LazyFollowUpDialog';
import { useTeamFormat } from '../../../lib/useTeamFormat';

/** Read at render: the card re-renders on every refetch, which is often enough for a 'Vencido' mark. */
function isPast(date: Date): boolean {
  return date.getTime() < Date.now();
}

type DialogMode = 'new' | 'reschedule' | null;

export function LeadFollowUpCard({ lead }: { lead: LeadListItem }) {
  const format = useTeamFormat();
  const [mode, setMode] = useState<DialogMode>(null);
  const markDone = useUpdateFollowUp('Seguimiento completado');
  const next = lead.nextFollowUp;
  const overdue = next ? isPast(next.dueAt) : false;
  return (
    <Card data-testid="lead-follow-up">
      <Stack gap="sm">
        <Text fw={600}>Seguimiento</Text>
        {next ? (
          <Group gap="xs">
            <Badge variant="light" color={overdue ? 'red' : 'blue'} size="lg">
              {format.dateTime(next.dueAt)}
            </Badge>
            {overdue ? (
              <Text size="sm" c="red.8">
                Vencido
              </Text>
            ) : null}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Sin seguimiento programado
          </Text>
        )}
        <Group gap="xs">
          {next ? (
            <>
              <Button
                size="xs"
                leftSection={<IconCheck size={16} />}
                loading={markDone.isPending}
                onClick={() => markDone.mutate({ id: next.id, done: true })}
              >
                Marcar como hecho
              </Button>
              <Button size="xs" variant="default" onClick={() => setMode('reschedule')}>
                Reprogramar
              </Button>
            </>
          ) : null}
          <Button
            size="xs"
            variant={next ? 'subtle' : 'filled'}
            leftSection={<IconCalendarPlus size={16} />}
            onClick={() => setMode('new')}
          >
            Programar seguimiento
          </Button>
        </Group>
      </Stack>
      <LazyFollowUpDialog
        leadId={lead.id}
        followUp={mode === 'reschedule' ? next : null}
        opened={mode !== null}
        onClose={() => setMode(null)}
      />
    </Card>
  );
}
