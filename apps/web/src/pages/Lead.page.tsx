/**
 * One lead's page (/leads/:id): every field, assignee, status and its moves, tracking, next
 * follow-up, the WhatsApp link, and the card's actions; its WhatsApp conversation, its contacts, the notes and
 * the timeline sit beside it.
 */
import { type LeadListItem, can, categoryLabel, fullName } from '@crm/domain';
import { Anchor, Badge, Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useCurrentUser } from '../auth/CurrentUserContext';
import { LoadError } from '../components/LoadError';
import { PageLoader } from '../components/PageLoader';
import { RoleGate } from '../components/RoleGate';
import { LeadFollowUpCard } from '../features/follow-ups/components/LeadFollowUpCard';
import { DeleteLeadButton } from '../features/lead-page/components/DeleteLeadButton';
import { LeadContacts } from '../features/lead-page/components/LeadContacts';
import { LeadNotes } from '../features/lead-page/components/LeadNotes';
import { MergeLeadButton } from '../features/lead-page/components/MergeLeadButton';
import { LeadTags } from '../features/lead-page/components/LeadTags';
import { PersonalDataMenu } from '../features/lead-page/components/PersonalDataMenu';
import { LeadTimeline } from '../features/lead-page/components/LeadTimeline';
import { readReturnTo, returnLabel } from '../features/lead-page/hooks/lead-return';
import { AssignSelect } from '../features/leads/components/AssignSelect';
import { EditLeadDialog } from '../features/leads/components/EditLeadDialog';
import { LeadActions } from '../features/leads/components/LeadActions';
import { LeadPhone } from '../features/leads/components/LeadPhone';
import { CategoryBadge, StatusBadge } from '../features/leads/components/LeadBadges';
import { TrackingDialog } from '../features/leads/components/TrackingDialog';
import { TrackingSummary } from '../features/leads/components/TrackingSummary';
import { WhatsAppPanel } from '../features/whatsapp/components/WhatsAppPanel';
import { useDialogSubject } from '../features/leads/hooks/useDialogSubject';
import { ImportWhatsAppChatButton } from '../features/whatsapp-export/components/ImportWhatsAppChatButton';
import { useDocumentTitle } from '../lib/document-title';
import { isNotFound } from '../lib/errors';
import { useTRPC } from '../lib/trpc';
import NotFoundPage from './NotFound.page';
import { useTeamFormat } from '../lib/useTeamFormat';
import { CustomFieldValue } from '../features/custom-fields/components/CustomFieldValue';
import { useLeadFields } from '../features/custom-fields/hooks/useCustomFields';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <div style={{ overflowWrap: 'break-word' }}>{children ?? '—'}</div>
    </Stack>
  );
}

function LeadFields({ lead }: { lead: LeadListItem }) {
  const format = useTeamFormat();
  const customFields = useLeadFields();
  const contactedBy = lead.contactedByUser
    ? fullName(lead.contactedByUser.firstName, lead.contactedByUser.lastName, 'Usuario desconocido')
    : null;
  return (
    <Card>
      <Stack gap="md">
        <Group gap="xs">
          <CategoryBadge category={lead.category} />
          <StatusBadge status={lead.status} />
        </Group>
        {lead.description ? <Text style={{ overflowWrap: 'break-word' }}>{lead.description}</Text> : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Field label="Email">{lead.email ? <Anchor href={`mailto:${lead.email}`}>{lead.email}</Anchor> : null}</Field>
          <Field label="Teléfono">{lead.phone ? <LeadPhone phone={lead.phone} /> : null}</Field>
          <Field label="Categoría">{categoryLabel(lead.category)}</Field>
          <Field label="Dirección">{lead.address}</Field>
          <Field label="Sitio web">{lead.domain}</Field>
          <Field label="Agregado">{format.date(lead.createdAt)}</Field>
          <Field label="Contactado">
            {lead.contactedAt ? `${format.date(lead.contactedAt)}${contactedBy ? ` por ${contactedBy}` : ''}` : null}
          </Field>
          <Field label="Valor">
            {lead.amount !== null && lead.currency !== null ? (
              format.moneyIn(lead.amount, lead.currency)
            ) : (
              <Text span c="dimmed" title="Sin importe: cuenta el valor por conversión del equipo">
                {`${format.money(format.settings.valuePerConversion)} (por defecto)`}
              </Text>
            )}
          </Field>
          <Field label="Cierre previsto">{lead.expectedCloseDate ? format.date(`${lead.expectedCloseDate}T12:00:00Z`) : null}</Field>
          {lead.status === 'perdido' || lead.lostReason ? <Field label="Motivo de pérdida">{lead.lostReason}</Field> : null}
          <Field label="Próximo seguimiento">
            {lead.nextFollowUp ? <Badge variant="light">{format.dateTime(lead.nextFollowUp.dueAt)}</Badge> : null}
          </Field>
          {customFields.map((field) => (
            <Field key={field.key} label={field.label}>
              <CustomFieldValue definition={field} value={lead.customFields[field.key]} />
            </Field>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/**
 * A lead that is not there for the viewer: deleted, or reassigned out of what their role lets them
 * see (the page may have been open when it happened). Nothing of it stays on screen.
 */
function LeadGone() {
  return (
    <Card>
      <Stack gap="sm" align="flex-start">
        <Group gap="xs" wrap="nowrap">
          <IconLock size={22} aria-hidden />
          <Title order={1} size="h3">
            Este lead ya no está disponible
          </Title>
        </Group>
        <Text>Puede que se haya eliminado, o que se haya asignado a otra persona y ya no tengas acceso a él.</Text>
        <Button component={Link} to="/leads" variant="light" leftSection={<IconArrowLeft size={16} />}>
          Volver a los leads
        </Button>
      </Stack>
    </Card>
  );
}

function LeadScreen({ id }: { id: number }) {
  const trpc = useTRPC();
  const user = useCurrentUser();
  const lead = useQuery(trpc.leads.byId.queryOptions({ id }));
  const editing = useDialogSubject<LeadListItem>();
  const tracking = useDialogSubject<LeadListItem>();
  const returnTo = readReturnTo(useLocation().state);
  const gone = lead.isError && isNotFound(lead.error);
  // After an error the query keeps what it had: the title must not name a lead the viewer lost.
  useDocumentTitle(gone ? 'Lead no disponible' : lead.isError ? 'Lead' : (lead.data?.name ?? 'Lead'));
  // The list it was opened from may have been scrolled far down: a lead's page starts at its top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);

  if (lead.isPending) return <PageLoader label="Cargando lead..." />;
  if (gone) return <LeadGone />;
  if (lead.isError) return <LoadError title="No se pudo cargar el lead" query={lead} />;
  const data = lead.data;
  const manages = can(user, 'lead.manage');

  return (
    <>
      <Button
        component={Link}
        to={returnTo ? `${returnTo.pathname}${returnTo.search}` : '/leads'}
        variant="subtle"
        size="compact-sm"
        leftSection={<IconArrowLeft size={16} />}
        mb="xs"
      >
        {returnLabel(returnTo)}
      </Button>
      <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
        <Title order={1} size="h2" style={{ overflowWrap: 'break-word' }}>
          {data.name}
        </Title>
        <Group gap="xs">
          {manages ? <MergeLeadButton lead={data} /> : null}
          {can(user, 'lead.personalData') ? <PersonalDataMenu subject={{ kind: 'lead', id: data.id, name: data.name }} /> : null}
          {can(user, 'lead.delete') ? <DeleteLeadButton lead={data} /> : null}
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <LeadFields lead={data} />
            <WhatsAppPanel lead={data} actions={<ImportWhatsAppChatButton lead={data} />} />
            <LeadContacts leadId={data.id} />
            <LeadTimeline leadId={data.id} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Card>
              <Stack gap="sm">
                <Text fw={600}>Responsable</Text>
                {manages ? (
                  <AssignSelect lead={data} />
                ) : (
                  <Text>
                    {data.assignee ? fullName(data.assignee.firstName, data.assignee.lastName, 'Usuario desconocido') : 'Sin asignar'}
                  </Text>
                )}
                <LeadActions lead={data} onEdit={editing.open} />
              </Stack>
            </Card>
            <LeadTags lead={data} />
            <LeadFollowUpCard lead={data} />
            <TrackingSummary lead={data} onTrack={tracking.open} />
            <LeadNotes leadId={data.id} />
          </Stack>
        </Grid.Col>
      </Grid>
      {manages ? <EditLeadDialog lead={editing.subject} opened={editing.opened} onClose={editing.close} /> : null}
      <TrackingDialog lead={tracking.subject} opened={tracking.opened} onClose={tracking.close} />
    </>
  );
}

export default function LeadPage() {
  const { id } = useParams();
  const leadId = Number(id);
  if (!Number.isInteger(leadId) || leadId <= 0) return <NotFoundPage />;
  return (
    <RoleGate screen="leads">
      <LeadScreen id={leadId} />
    </RoleGate>
  );
}
