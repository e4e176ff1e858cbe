/** 'Importar chat de WhatsApp' on a lead's page, for whoever may work the lead (the API's rule, canImportWhatsAppChat). */
import { type LeadListItem, canImportWhatsAppChat } from '@crm/domain';
import { Button } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { ImportWhatsAppChatDialog } from './ImportWhatsAppChatDialog';

export function ImportWhatsAppChatButton({ lead }: { lead: LeadListItem }) {
  const user = useCurrentUser();
  const [opened, setOpened] = useState(false);
  if (!canImportWhatsAppChat(user, lead)) return null;
  return (
    <>
      {/* Beside the panel's 'WhatsApp' title the short label fits a phone's width; the name says it whole. */}
      <Button
        variant="light"
        color="teal"
        size="compact-sm"
        leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
        aria-label="Importar chat de WhatsApp"
        onClick={() => setOpened(true)}
      >
        Importar chat
      </Button>
      <ImportWhatsAppChatDialog leadId={lead.id} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
