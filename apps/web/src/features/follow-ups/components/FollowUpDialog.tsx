/**
 * 'Programar seguimiento' / 'Reprogramar seguimiento': a date and time (es-ES, Mantine's
 * DateTimePicker) and a short note. Creates when no follow-up is given, otherwise moves it.
 */
import { FOLLOW_UP_LIMITS, defaultFollowUpDue } from '@crm/domain';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useCreateFollowUp, useUpdateFollowUp } from '../hooks/useFollowUpMutations';
import { useTeamSettings } from '../../../lib/useTeamFormat';
import { FollowUpDueField, dueError } from './FollowUpDueField';

interface FollowUpDialogProps {
  leadId: number;
  /** Present: reschedule this one. */
  followUp?: { id: number; dueAt: Date; note?: string | null } | null;
  opened: boolean;
  onClose: () => void;
}

export function FollowUpDialog({ leadId, followUp, opened, onClose }: FollowUpDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={followUp ? 'Reprogramar seguimiento' : 'Programar seguimiento'} centered>
      {opened ? <FollowUpForm leadId={leadId} followUp={followUp ?? null} onClose={onClose} /> : null}
    </Modal>
  );
}

function FollowUpForm({ leadId, followUp, onClose }: { leadId: number; followUp: FollowUpDialogProps['followUp']; onClose: () => void }) {
  // The first proposal: the next working day at 10:00 on the team's clock.
  const settings = useTeamSettings();
  const [due, setDue] = useState<Date | null>(followUp?.dueAt ?? defaultFollowUpDue(new Date(), settings));
  const [note, setNote] = useState(followUp?.note ?? '');
  const create = useCreateFollowUp(onClose);
  const update = useUpdateFollowUp('Seguimiento reprogramado', onClose);
  const submit = () => {
    if (!due || dueError(due, true)) return;
    const dueAt = due;
    // The note travels only when edited, so a reschedule never clears one the form did not know.
    if (followUp) update.mutate({ id: followUp.id, dueAt, ...(note !== (followUp.note ?? '') ? { note } : {}) });
    else create.mutate({ leadId, dueAt, note: note || undefined });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <FollowUpDueField label="Fecha y hora" value={due} onChange={setDue} required />
        <Textarea
          label="Nota"
          placeholder="Qué hay que hacer"
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={FOLLOW_UP_LIMITS.note}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending} disabled={Boolean(dueError(due, true))}>
            {followUp ? 'Reprogramar' : 'Guardar'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
