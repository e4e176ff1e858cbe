/**
 * 'Embudo' (/pipeline): one column per status with its leads, filtered as the list is; cards move
 * between columns by drag and drop or by the keyboard ('Mover a…'), under the same status rules as the edit.
 */
import { LEAD_STATUSES, type LeadListItem, type LeadStatus, can, isLeadStatus, leadStatusRefusal } from '@crm/domain';
import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../auth/CurrentUserContext';
import { PageHeader } from '../components/PageHeader';
import { RoleGate } from '../components/RoleGate';
import { LeadFilters } from '../features/leads/components/LeadFilters';
import { LostReasonDialog } from '../features/leads/components/LostReasonDialog';
import { leadFilters, useLeadsView } from '../features/leads/hooks/useLeadsView';
import { BoardCardPreview } from '../features/pipeline/components/BoardCard';
import { BoardColumn } from '../features/pipeline/components/BoardColumn';
import classes from '../features/pipeline/components/Board.module.css';
import { useMoveLead } from '../features/pipeline/hooks/useMoveLead';

/** Spanish words for what dnd-kit's live region reads out while a card is dragged. */
const announcements = {
  onDragStart: () => 'Lead tomado. Usa las flechas para elegir columna y Espacio para soltar.',
  onDragOver: ({ over }: { over: { id: string | number } | null }) =>
    over ? `Sobre la columna ${String(over.id)}.` : 'Fuera de las columnas.',
  onDragEnd: ({ over }: { over: { id: string | number } | null }) => (over ? `Lead soltado en ${String(over.id)}.` : 'Lead soltado.'),
  onDragCancel: () => 'Movimiento cancelado.',
};

function PipelineScreen() {
  const user = useCurrentUser();
  const view = useLeadsView(user.id);
  // A seller's board opens on his own leads; 'Asignado a' → Todos shows the team's (once chosen, it stays).
  const [startsOnMine] = useState(() => !can(user, 'lead.manage') && view.assignee === null);
  useEffect(() => {
    if (startsOnMine) view.setAssignee('me');
    // Only on arrival: the seller's later choice of filter is his.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [startsOnMine]);
  const { status: _ignored, ...filters } = leadFilters(view);
  const moveNow = useMoveLead(filters);
  // A move to 'perdido' first asks why (optional), then moves.
  const [losing, setLosing] = useState<LeadListItem | null>(null);
  const move = ({ lead, to }: { lead: LeadListItem; to: LeadStatus }) => {
    if (to === 'perdido' && lead.status !== 'perdido' && !leadStatusRefusal(user, lead, to)) setLosing(lead);
    else void moveNow({ lead, to });
  };
  // A few pixels of travel before a drag starts, so a click on the card's link still opens it.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor));

  // The dragged card is drawn in an overlay above the board: the card itself stays inside its
  // column's scroll box, which would clip it the moment it left the column.
  const [dragged, setDragged] = useState<LeadListItem | null>(null);
  const draggedLead = (event: DragStartEvent | DragEndEvent) => (event.active.data.current?.['lead'] as LeadListItem | undefined) ?? null;

  const onDragEnd = (event: DragEndEvent) => {
    setDragged(null);
    const lead = draggedLead(event);
    const to = event.over?.id;
    if (lead && isLeadStatus(to)) move({ lead, to });
  };

  return (
    <>
      <PageHeader title="Embudo" subtitle="Tus leads por estado: arrástralos o usa 'Mover a…' para cambiarlos de columna" />
      <LeadFilters view={view} withStatus={false} withModeSwitch={false} />
      <DndContext
        sensors={sensors}
        onDragStart={(event) => setDragged(draggedLead(event))}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{ announcements }}
      >
        <div className={classes.board} data-testid="pipeline-board">
          {LEAD_STATUSES.map((status) => (
            <BoardColumn key={status} status={status} filters={filters} onMove={(lead, to) => move({ lead, to })} />
          ))}
        </div>
        <DragOverlay>{dragged ? <BoardCardPreview lead={dragged} /> : null}</DragOverlay>
      </DndContext>
      <LostReasonDialog
        lead={losing}
        onClose={() => setLosing(null)}
        onConfirm={(lead, lostReason) => {
          setLosing(null);
          void moveNow({ lead, to: 'perdido', lostReason });
        }}
      />
    </>
  );
}

export default function PipelinePage() {
  return (
    <RoleGate screen="leads">
      <PipelineScreen />
    </RoleGate>
  );
}
