/**
 * Asked when a lead goes to 'perdido' (docs/leads.md, 'Valor del trato'): why it was lost. The
 * reason is optional: 'Marcar como perdido' with the box empty loses the lead without one.
 */
import type { LeadListItem } from '@crm/domain';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { LostReasonField } from './DealFields';

interface LostReasonDialogProps {
  lead: LeadListItem | null;
  onConfirm: (lead: LeadListItem, lostReason: string | undefined) => void;
  onClose: () => void;
}

export function LostReasonDialog({ lead, onConfirm, onClose }: LostReasonDialogProps) {
  return (
    <Modal opened={lead !== null} onClose={onClose} title="Marcar como perdido" centered>
      {lead ? <LostReasonForm key={lead.id} lead={lead} onConfirm={onConfirm} onClose={onClose} /> : null}
    </Modal>
  );
}

function LostReasonForm({ lead, onConfirm, onClose }: LostReasonDialogProps & { lead: LeadListItem }) {
  const [reason, setReason] = useState(lead.lostReason ?? '');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(lead, reason.trim() || undefined);
      }}
    >
      <Stack>
        <Text size="sm">{lead.name}</Text>
        <LostReasonField value={reason} onChange={(event) => setReason(event.currentTarget.value)} data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" color="red">
            Marcar como perdido
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
