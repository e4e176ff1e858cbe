/**
 * 'Configuración → Auditoría' (admin; docs/audit.md): who did what, when and from where, newest
 * first, filtered by days and action, page by page, and the same filters as a CSV download.
 */
import type { AuditEntry, AuditQuery } from '@crm/domain';
import { Button, Center, Group, Loader, Paper, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../../../components/LoadError';
import { useTRPC } from '../../../lib/trpc';
import { useTeamFormat } from '../../../lib/useTeamFormat';

type Filters = Pick<AuditQuery, 'from' | 'to' | 'action'>;

function exportUrl(filters: Filters): string {
  const params = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const query = params.toString();
  return `/api/audit/export${query ? `?${query}` : ''}`;
}

function AuditRows({ entries }: { entries: AuditEntry[] }) {
  const format = useTeamFormat();
  return (
    // Focusable, so a keyboard can scroll the table sideways on a phone.
    <ScrollArea viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Registro de auditoría' }}>
      <Table striped verticalSpacing="xs" miw={720}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Usuario</Table.Th>
            <Table.Th>Acción</Table.Th>
            <Table.Th>Objeto</Table.Th>
            <Table.Th>Dirección</Table.Th>
            <Table.Th>Detalles</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(entry.at)}</Table.Td>
              <Table.Td>
                <Text size="sm">{entry.actor.name ?? 'Desconocido'}</Text>
                {entry.apiTokenId === null ? null : (
                  <Text size="xs" c="dimmed">
                    Token de API {entry.apiTokenId}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{entry.summary ?? entry.action}</Text>
                <Text size="xs" c="dimmed">
                  {entry.action}
                </Text>
              </Table.Td>
              <Table.Td>{entry.target ? `${entry.target.type} ${entry.target.id}` : '—'}</Table.Td>
              <Table.Td>{entry.ip ?? '—'}</Table.Td>
              <Table.Td>
                <Text
                  size="xs"
                  ff="monospace"
                  lineClamp={3}
                  maw={320}
                  style={{ wordBreak: 'break-all' }}
                  title={JSON.stringify(entry.details)}
                >
                  {JSON.stringify(entry.details)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

export function AuditPanel() {
  const trpc = useTRPC();
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  // Cursors of the pages seen, so 'Más recientes' goes back without refetching from the top.
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const before = cursors.at(-1);
  const page = useQuery({
    ...trpc.audit.list.queryOptions({ ...filters, before, limit: 50 }),
    placeholderData: keepPreviousData,
  });
  const apply = (next: Filters) => {
    setFilters(next);
    setCursors([undefined]);
  };

  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            apply(draft);
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <TextInput
              type="date"
              label="Desde"
              value={draft.from ?? ''}
              onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value || undefined })}
            />
            <TextInput
              type="date"
              label="Hasta"
              value={draft.to ?? ''}
              onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value || undefined })}
            />
            <TextInput
              label="Acción"
              placeholder="p. ej. users. o auth.login"
              value={draft.action ?? ''}
              onChange={(event) => setDraft({ ...draft, action: event.currentTarget.value.trim() || undefined })}
            />
            <Button type="submit">Filtrar</Button>
            <Button component="a" href={exportUrl(filters)} variant="default" leftSection={<IconDownload size={16} />}>
              Descargar CSV
            </Button>
          </Group>
        </form>
      </Paper>
      {page.isPending ? (
        <Center py="xl">
          <Loader aria-label="Cargando el registro" />
        </Center>
      ) : page.isError ? (
        <LoadError title="No se pudo cargar el registro de auditoría" query={page} />
      ) : page.data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No hay entradas con estos filtros.
        </Text>
      ) : (
        <>
          <AuditRows entries={page.data.items} />
          <Group justify="space-between">
            <Button variant="default" disabled={cursors.length === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
              Más recientes
            </Button>
            <Button
              variant="default"
              disabled={page.data.nextBefore === null}
              onClick={() => setCursors([...cursors, page.data.nextBefore ?? undefined])}
            >
              Más antiguas
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
