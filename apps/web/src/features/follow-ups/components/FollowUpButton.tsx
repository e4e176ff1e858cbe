/**
 * Setting a lead's follow-up from a card or the board: the next one's date (reschedules it) or
 * 'Programar seguimiento' (creates one), both through FollowUpDialog.
 */
import { type LeadListItem } from '@crm/domain';
import { Button } from '@mantine/core';
import { IconCalendarDue, IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { LazyFollowUpDialog } from './LazyFollowUpDialog';
import { useTeamFormat } from '../../../lib/useTeamFormat';

export function FollowUpButton({ lead }: { lead: LeadListItem }) {
  const format = useTeamFormat();
  const [opened, setOpened] = useState(false);
  const next = lead.nextFollowUp;
  const text = next ? format.dateTime(next.dueAt) : 'Programar seguimiento';
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={next ? <IconCalendarDue size={14} aria-hidden /> : <IconCalendarPlus size={14} aria-hidden />}
        // The visible text stays in the name (WCAG 2.5.3); the lead's name tells cards apart.
        aria-label={next ? `Reprogramar seguimiento del ${text} (${lead.name})` : `${text} (${lead.name})`}
        onClick={() => setOpened(true)}
      >
        {text}
      </Button>
      <LazyFollowUpDialog leadId={lead.id} followUp={next} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
