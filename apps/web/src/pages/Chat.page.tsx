/** Chat del Equipo — filled by its feature. */
import { PageHeader } from '../components/PageHeader';
import { RoleGate } from '../components/RoleGate';

export default function ChatPage() {
  return (
    <RoleGate screen="chat">
      <PageHeader title="Chat del Equipo" />
    </RoleGate>
  );
}
