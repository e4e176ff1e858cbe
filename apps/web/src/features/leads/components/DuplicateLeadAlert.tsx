/** Inside the create and edit dialogs: the lead that already has this email or phone, with a way to open it. */
import { Alert, Button } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import type { ExistingLead } from '../../../lib/duplicate-lead';

export function DuplicateLeadAlert({ lead, message, onOpen }: { lead: ExistingLead; message: string; onOpen: () => void }) {
  const navigate = useNavigate();
  return (
    <Alert color="orange" title="Lead duplicado" role="alert">
      {message}
      <Button
        mt="xs"
        size="xs"
        variant="light"
        display="block"
        onClick={() => {
          onOpen();
          void navigate(`/leads/${lead.id}`);
        }}
      >
        Ver lead
      </Button>
    </Alert>
  );
}
