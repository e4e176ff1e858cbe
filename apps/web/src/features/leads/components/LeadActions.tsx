/**
 * A lead card's actions: mark contacted (while the lead may still be marked), 'Registrar llamada', download as vCard, edit (admin and
 * manager), and for a Vendedor's own lead the status moves allowed to them (docs/leads.md).
 */
import { type LeadListItem, OWNER_STATUS_MOVES, can, canBeMarkedContacted, canSetLeadStatus, statusLabel } from '@crm/domain';
import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
import { IconArrowsExchange, IconCheck, IconDownload, IconPencil, IconPhoneCall } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';
import { useCurrentUser } from '../../../auth/CurrentUserContext';
import { downloadFrom } from '../../../lib/rest';
import { useMarkContacted, useMoveLeadStatus } from '../hooks/useLeadActions';

// Loaded the first time a card's 'Registrar llamada' opens: a list of cards mounts no dialog until then.
const LostReasonDialog = lazy(() => import('./LostReasonDialog').then((module) => ({ default: module.LostReasonDialog })));
const LogInteractionDialog = lazy(() => import('./LogInteractionDialog').then((module) => ({ default: module.LogInteractionDialog })));

export function LeadActions({ lead, onEdit }: { lead: LeadListItem; onEdit: (lead: LeadListItem) => void }) {
  const user = useCurrentUser();
  const markContacted = useMarkContacted();
  const moveStatus = useMoveLeadStatus();
  const [logging, setLogging] = useState(false);
  // Once opened it stays mounted, so closing it still plays the dialog's transition.
  const [logged, setLogged] = useState(false);
  const [losing, setLosing] = useState<LeadListItem | null>(null);
  const manages = can(user, 'lead.manage');
  // Admins and managers change the status in the edit dialog; a Vendedor gets the moves on their own leads.
  const ownerMoves = manages ? [] : OWNER_STATUS_MOVES.filter((status) => status !== lead.status && canSetLeadStatus(user, lead, status));

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
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Tooltip label="Cambiar estado">
                <ActionIcon variant="subtle" aria-label="Cambiar estado" loading={moveStatus.isPending}>
                  <IconArrowsExchange size={18} />
                </ActionIcon>
              </Tooltip>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Mover a</Menu.Label>
              {ownerMoves.map((status) => (
                <Menu.Item
                  key={status}
                  onClick={() => (status === 'perdido' ? setLosing(lead) : moveStatus.mutate({ id: lead.id, data: { status } }))}
                >
                  {statusLabel(status)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
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
        <Tooltip label="Registrar llamada o mensaje">
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
        </Tooltip>
        <Tooltip label="Descargar contacto (vCard)">
          <ActionIcon variant="subtle" aria-label="Descargar lead" onClick={() => downloadFrom(`/api/leads/${lead.id}/vcard`)}>
            <IconDownload size={18} />
          </ActionIcon>
        </Tooltip>
        {manages ? (
          <Tooltip label="Editar lead">
            <ActionIcon variant="subtle" aria-label="Editar lead" onClick={() => onEdit(lead)}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
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
