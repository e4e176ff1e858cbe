/** One follow-up in 'Mis seguimientos': the lead (link), when, the note, its WhatsApp link and 'Hecho'. */
import { type FollowUp } from '@crm/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { LeadLink } from '../../lead-page/components/LeadLink';
import { LeadPhone } from '../../leads/components/LeadPhone';
import { useUpdateFollowUp } from '../hooks/useFollowUpMutations';
import { useTeamFormat } from '../../../lib/useTeamFormat';

export function FollowUpRow({ followUp, overdue, showOwner }: { followUp: FollowUp; overdue: boolean; showOwner: boolean }) {
  const format = useTeamFormat();
  const markDone = useUpdateFollowUp('Seguimiento completado');
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start" data-testid="follow-up-row">
      <Stack gap={2} style={{ minWidth: 0 }}>
        <LeadLink leadId={followUp.lead.id} fw={600} style={{ overflowWrap: 'break-word' }}>
          {followUp.lead.name}
        </LeadLink>
        <Text size="sm" c={overdue ? 'red.8' : 'dimmed'} fw={overdue ? 600 : undefined}>
          {format.dateTime(followUp.dueAt)}
          {showOwner ? ` · ${followUp.owner.name}` : ''}
        </Text>
        {followUp.note ? (
          <Text size="sm" style={{ overflowWrap: 'break-word' }}>
            {followUp.note}
          </Text>
        ) : null}
        {followUp.lead.phone ? <LeadPhone phone={followUp.lead.phone} /> : null}
      </Stack>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconCheck size={14} />}
        loading={markDone.isPending}
        onClick={() => markDone.mutate({ id: followUp.id, done: true })}
        aria-label={`Marcar como hecho: ${followUp.lead.name}`}
        style={{ flexShrink: 0 }}
      >
        Hecho
      </Button>
    </Group>
  );
}
