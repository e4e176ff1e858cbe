/** 'WhatsApp' (/whatsapp): the team's conversations with leads (docs/whatsapp.md). */
import { PageHeader } from '../components/PageHeader';
import { RoleGate } from '../components/RoleGate';
import { WhatsAppInbox } from '../features/whatsapp/components/WhatsAppInbox';

export default function WhatsAppPage() {
  return (
    <RoleGate screen="whatsapp">
      <PageHeader title="WhatsApp" subtitle="Conversaciones con los leads, primero las que esperan respuesta" />
      <WhatsAppInbox />
    </RoleGate>
  );
}
