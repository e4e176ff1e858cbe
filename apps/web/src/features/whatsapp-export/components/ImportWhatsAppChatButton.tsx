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
      <Button variant="light" color="teal" leftSection={<IconBrandWhatsapp size={16} />} onClick={() => setOpened(true)}>
        Importar chat de WhatsApp
      </Button>
      <ImportWhatsAppChatDialog leadId={lead.id} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
