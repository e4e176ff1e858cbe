/** 'Envíos' of one form, newest first: when, which lead (a link to it), new or added to an existing lead, from which page. */
import type { WebForm, WebFormSubmission } from '@crm/domain';
import { Anchor, Badge, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../components/LoadError';
import { useTRPC } from '../../../lib/trpc';
import { useTeamFormat } from '../../../lib/useTeamFormat';

export function WebFormSubmissionsDialog({ form, onClose }: { form: WebForm | null; onClose: () => void }) {
  return (
    <Modal opened={form !== null} onClose={onClose} title={form ? `Envíos de ${form.name}` : 'Envíos'} size="lg" centered>
      {form ? <SubmissionList formId={form.id} /> : null}
    </Modal>
  );
}

function SubmissionList({ formId }: { formId: number }) {
  const trpc = useTRPC();
  const pages = useInfiniteQuery(
    trpc.webForms.submissions.infiniteQueryOptions({ id: formId }, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
  );
  if (pages.isError) return <LoadError title="No se pudieron cargar los envíos" query={pages} />;
  if (!pages.data) {
    return (
      <Stack aria-label="Cargando envíos">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} h={56} />
        ))}
      </Stack>
    );
  }
  const items = pages.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        Este formulario aún no ha recibido envíos. Comparte su enlace o inserta su código en tu sitio web.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <SubmissionRow key={item.id} item={item} />
        ))}
      </Stack>
      {pages.hasNextPage ? (
        <Button variant="default" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
          Cargar más
        </Button>
      ) : null}
    </Stack>
  );
}

function SubmissionRow({ item }: { item: WebFormSubmission }) {
  const format = useTeamFormat();
  const utm = Object.entries(item.utm).map(([name, value]) => `${name}=${value}`);
  return (
    <Stack component="li" gap={2} py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" gap="xs">
        {item.leadId !== null ? (
          <Anchor component={Link} to={`/leads/${item.leadId}`} fw={600}>
            {item.leadName ?? `Lead ${item.leadId}`}
          </Anchor>
        ) : (
          <Text fw={600}>Lead eliminado</Text>
        )}
        <Badge variant="light" color={item.outcome === 'created' ? 'blue' : 'grape'}>
          {item.outcome === 'created' ? 'Lead nuevo' : 'Añadido a un lead existente'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {format.dateTime(item.createdAt)}
        {item.pageUrl ? ` · desde ${item.pageUrl}` : ''}
      </Text>
      {utm.length > 0 ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {utm.join(' · ')}
        </Text>
      ) : null}
    </Stack>
  );
}
