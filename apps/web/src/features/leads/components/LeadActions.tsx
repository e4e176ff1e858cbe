/**
 * A lead card's actions: mark contacted (while the lead may still be marked), 'Registrar llamada', download as vCard, edit (admin and
 * manager), and for a Vendedor's own lead the status moves allowed to them (docs/leads.md).
 */
import { type LeadListItem, OWNER_STATUS_MOVES, can, canBeMarkedContacted, canSetLeadStatus } from '@crm/domain';
import { ActionIcon, Button, Group } from '@mantine/core';
import { IconArrowsExchange, IconCheck, IconDownload, IconPencil, IconPhoneCall } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { Hint } from '../../../components/hint/Hint';
import { downloadFrom } from '../../../lib/rest';
import { useMarkContacted, useMoveLeadStatus } from '../hooks/useLeadActions';

// Loaded the first time a card's 'Registrar llamada' opens: a list of cards mounts no dialog until then.
const LostReasonDialog = lazy(() => import('./LostReasonDialog').then((module) => ({ default: module.LostReasonDialog })));
const LogInteractionDialog = lazy(() => import('./LogInteractionDialog').then((module) => ({ default: module.LogInteractionDialog })));
// A Vendedor's 'Cambiar estado' menu (Mantine's Menu and floating-ui) loads on its first click, and opens then.
const OwnerStatusMenu = lazy(() => import('./OwnerStatusMenu').then((module) => ({ default: module.OwnerStatusMenu })));

export function LeadActions({ lead, onEdit }: { lead: LeadListItem; onEdit: (lead: LeadListItem) => void }) {
  const user = useCurrentUser();
  const markContacted = useMarkContacted();
  const moveStatus = useMoveLeadStatus();
  const [logging, setLogging] = useState(false);
  // Once opened it stays mounted, so closing it still plays the dialog's transition.
  const [logged, setLogged] = useState(false);
  const [losing, setLosing] = useState<LeadListItem | null>(null);
  const [menuOpened, setMenuOpened] = useState(false);
  const manages = can(user, 'lead.manage');
  // Admins and managers change the status in the edit dialog; a Vendedor gets the moves on their own leads.
  const ownerMoves = manages ? [] : OWNER_STATUS_MOVES.filter((status) => status !== lead.status && canSetLeadStatus(user, lead, status));

  const moveButton = (loading: boolean) => (
    <Hint label="Cambiar estado">
      <ActionIcon variant="subtle" aria-label="Cambiar estado" loading={loading} onClick={() => setMenuOpened(true)}>
        <IconArrowsExchange size={18} />
      </ActionIcon>
    </Hint>
  );

  return (
    <Group gap="xs" justify="space-between" wrap="nowrap">
      {canBeMarkedContacted(lead) ? (
        <Button
          size="xs"
          variant="light"
          color="green"
          leftSection={<IconCheck size={14} />}
          loading={markContacted.isPending}
          onClick={() => markContacted.mutate({ id: lead.id })}
        >
          Marcar contactado
        </Button>
      ) : (
        <span />
      )}
      <Group gap={4} wrap="nowrap">
        {ownerMoves.length > 0 ? (
          menuOpened ? (
            <Suspense fallback={moveButton(true)}>
              <OwnerStatusMenu
                moves={ownerMoves}
                pending={moveStatus.isPending}
                onMove={(status) => (status === 'perdido' ? setLosing(lead) : moveStatus.mutate({ id: lead.id, data: { status } }))}
              />
            </Suspense>
          ) : (
            moveButton(moveStatus.isPending)
          )
        ) : null}
        {losing ? (
          <Suspense fallback={null}>
            <LostReasonDialog
              lead={losing}
              onClose={() => setLosing(null)}
              onConfirm={(target, lostReason) => {
                setLosing(null);
                moveStatus.mutate({ id: target.id, data: { status: 'perdido', lostReason } });
              }}
            />
          </Suspense>
        ) : null}
        <Hint label="Registrar llamada o mensaje">
          <ActionIcon
            variant="subtle"
            aria-label="Registrar llamada"
            onClick={() => {
              setLogged(true);
              setLogging(true);
            }}
          >
            <IconPhoneCall size={18} />
          </ActionIcon>
        </Hint>
        <Hint label="Descargar contacto (vCard)">
          <ActionIcon variant="subtle" aria-label="Descargar lead" onClick={() => downloadFrom(`/api/leads/${lead.id}/vcard`)}>
            <IconDownload size={18} />
          </ActionIcon>
        </Hint>
        {manages ? (
          <Hint label="Editar lead">
            <ActionIcon variant="subtle" aria-label="Editar lead" onClick={() => onEdit(lead)}>
              <IconPencil size={18} />
            </ActionIcon>
          </Hint>
        ) : null}
      </Group>
      {logged ? (
        <Suspense fallback={null}>
          <LogInteractionDialog lead={lead} opened={logging} onClose={() => setLogging(false)} />
        </Suspense>
      ) : null}
    </Group>
  );
}
