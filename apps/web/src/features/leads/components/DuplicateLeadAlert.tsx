/**
 * Inside the create and edit dialogs: the lead that already has this email or phone, with a way to
 * open it and, when editing (two leads exist), to merge the edited one with it.
 */
import { Alert, Button, Group } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import type { ExistingLead } from '../../../lib/duplicate-lead';
import { MERGE_PARAM } from '../../lead-page/components/MergeLeadButton';

interface DuplicateLeadAlertProps {
  lead: ExistingLead;
  message: string;
  onOpen: () => void;
  /** The lead being edited: 'Fusionar' opens its page's merge dialog on the duplicate. */
  editedLeadId?: number;
}

export function DuplicateLeadAlert({ lead, message, onOpen, editedLeadId }: DuplicateLeadAlertProps) {
  const navigate = useNavigate();
  const go = (path: string) => {
    onOpen();
    void navigate(path);
  };
  return (
    <Alert color="orange" title="Lead duplicado" role="alert">
      {message}
      <Group gap="xs" mt="xs">
        <Button size="xs" variant="light" onClick={() => go(`/leads/${lead.id}`)}>
          Ver lead
        </Button>
        {editedLeadId === undefined ? null : (
          <Button size="xs" variant="light" onClick={() => go(`/leads/${editedLeadId}?${MERGE_PARAM}=${lead.id}`)}>
            Fusionar con este lead
          </Button>
        )}
      </Group>
    </Alert>
  );
}
