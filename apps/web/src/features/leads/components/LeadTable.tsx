/**
 * The leads as a dense table beside the spec's cards: columns sort on the server (the API's
 * `sort`, so the order holds across pages), the person picks the columns, arrow keys move between
 * rows and Enter opens the lead; pages load as the end scrolls into view or with 'Cargar más'.
 */
import { type CustomFieldDefinition, type DateInput, type LeadListItem, type LeadSort, fullName, isSortableType } from '@crm/domain';
import { Button, Card, Checkbox, Group, Menu, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconColumns, IconSelector } from '@tabler/icons-react';
import {
  type ColumnVisibilityState,
  type SortingState,
  columnVisibilityFeature,
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type KeyboardEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LeadLink } from '../../lead-page/components/LeadLink';
import { useLeadLinkState } from '../../lead-page/hooks/lead-return';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { useNow } from '../../../lib/use-now';
import { readHiddenColumns, rememberHiddenColumns } from '../hooks/lead-table-columns';
import type { LeadSelection } from '../hooks/useLeadSelection';
import { type LeadListFilters, useLeadPages } from '../hooks/useLeadQueries';
import { CategoryBadge, StatusBadge } from './LeadBadges';
import classes from './LeadTable.module.css';
import { LoadMore } from './LoadMore';
import { useTeamFormat } from '../../../lib/useTeamFormat';
import { CustomFieldValue } from '../../custom-fields/components/CustomFieldValue';
import { useLeadFields } from '../../custom-fields/hooks/useCustomFields';

/** A table row is 40 px: 50 rows fill a laptop screen and a half. */
const TABLE_PAGE_SIZE = 50;

const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature });
const column = createColumnHelper<typeof features, LeadListItem>();

function personName(person: LeadListItem['assignee']): string {
  return person ? fullName(person.firstName, person.lastName, 'Usuario desconocido') : 'Sin asignar';
}

function NextFollowUp({ lead }: { lead: LeadListItem }) {
  const format = useTeamFormat();
  const now = useNow();
  if (!lead.nextFollowUp) return <Text size="sm">—</Text>;
  const overdue = new Date(lead.nextFollowUp.dueAt).getTime() < now;
  return (
    <Text size="sm" c={overdue ? 'red.8' : undefined} fw={overdue ? 600 : undefined}>
      {format.dateTime(lead.nextFollowUp.dueAt)}
    </Text>
  );
}

/** A day on the team's calendar (its time zone, not the browser's), or '—'. */
function TeamDate({ value }: { value: DateInput | null }) {
  const format = useTeamFormat();
  return value === null ? '—' : format.date(value);
}

/** Each column's id is the API's sort field, so a header click is the server's sort. */
const builtInColumns = column.columns([
  column.accessor('name', {
    id: 'name',
    header: 'Nombre',
    enableHiding: false,
    cell: (info) => (
      <LeadLink leadId={info.row.original.id} size="sm" fw={600} tabIndex={-1} className={classes.name}>
        {info.getValue()}
      </LeadLink>
    ),
  }),
  column.accessor('category', { id: 'category', header: 'Categoría', cell: (info) => <CategoryBadge category={info.getValue()} /> }),
  column.accessor('status', { id: 'status', header: 'Estado', cell: (info) => <StatusBadge status={info.getValue()} /> }),
  column.accessor((lead) => personName(lead.assignee), { id: 'assignee', header: 'Responsable' }),
  column.accessor('createdAt', { id: 'createdAt', header: 'Creado', cell: (info) => <TeamDate value={info.getValue()} /> }),
  column.accessor('contactedAt', {
    id: 'lastContact',
    header: 'Último contacto',
    cell: (info) => <TeamDate value={info.getValue()} />,
  }),
  column.accessor('nextFollowUp', {
    id: 'nextFollowUp',
    header: 'Próximo seguimiento',
    cell: (info) => <NextFollowUp lead={info.row.original} />,
  }),
]);

/** One column per custom field, `cf.<key>` as the API sorts it; hidden until the person shows it ('Columnas'). */
function customColumns(fields: readonly CustomFieldDefinition[]) {
  return column.columns(
    fields.map((field) =>
      column.accessor((lead) => lead.customFields[field.key], {
        id: `cf.${field.key}`,
        header: field.label,
        enableSorting: isSortableType(field.type),
        cell: (info) => <CustomFieldValue definition={field} value={info.getValue()} />,
      }),
    ),
  );
}

/** A person's stored choice wins; custom columns start hidden, so twenty fields do not crowd the table. */
function visibilityWith(fields: readonly CustomFieldDefinition[], stored: ColumnVisibilityState): ColumnVisibilityState {
  return { ...Object.fromEntries(fields.map((field) => [`cf.${field.key}`, false])), ...stored };
}

function toSorting(sort: LeadSort | null): SortingState {
  if (!sort) return [];
  const [id, direction] = sort.split(':');
  return [{ id: id ?? 'createdAt', desc: direction === 'desc' }];
}

function toSort(sorting: SortingState): LeadSort | null {
  const first = sorting[0];
  return first ? (`${first.id}:${first.desc ? 'desc' : 'asc'}` as LeadSort) : null;
}

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  if (direction === 'asc') return <IconChevronUp size={14} aria-hidden />;
  if (direction === 'desc') return <IconChevronDown size={14} aria-hidden />;
  return <IconSelector size={14} aria-hidden />;
}

interface LeadTableProps {
  view: 'leads' | 'contacted';
  filters: LeadListFilters;
  sort: LeadSort | null;
  onSort: (sort: LeadSort | null) => void;
  userId: number;
  empty: ReactNode;
  /** Row checkboxes for the bulk actions. */
  selection?: LeadSelection;
}

export function LeadTable({ view, filters, sort, onSort, userId, empty, selection }: LeadTableProps) {
  const pages = useLeadPages(view, filters, sort ?? undefined, TABLE_PAGE_SIZE);
  const navigate = useNavigate();
  const linkState = useLeadLinkState();
  const fields = useLeadFields();
  const columns = useMemo(() => [...builtInColumns, ...customColumns(fields)], [fields]);
  const [storedVisibility, setColumnVisibility] = useState<ColumnVisibilityState>(() => readHiddenColumns(userId));
  const columnVisibility = visibilityWith(fields, storedVisibility);
  const [activeRow, setActiveRow] = useState(0);
  const rowRefs = useRef<(HTMLTableRowElement | null)[]>([]);
  const leads = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? EMPTY, [pages.data]);

  const table = useTable({
    features,
    columns,
    data: leads,
    getRowId: (lead) => String(lead.id),
    manualSorting: true,
    enableMultiSort: false,
    sortDescFirst: false,
    state: { sorting: toSorting(sort), columnVisibility },
    onSortingChange: (updater) => onSort(toSort(typeof updater === 'function' ? updater(toSorting(sort)) : updater)),
    onColumnVisibilityChange: (updater) =>
      setColumnVisibility((previous) => {
        const next = typeof updater === 'function' ? updater(visibilityWith(fields, previous)) : updater;
        rememberHiddenColumns(userId, next);
        return next;
      }),
  });

  if (pages.isPending) return <PageLoader label="Cargando leads..." />;
  if (pages.isError) return <LoadError title="No se pudieron cargar los leads" query={pages} />;
  if (leads.length === 0) return <>{empty}</>;

  const rows = table.getRowModel().rows;
  const loadedIds = leads.map((lead) => lead.id);
  const selectedOnPage = selection ? loadedIds.filter((id) => selection.isSelected(id)).length : 0;
  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(rows.length - 1, index));
    setActiveRow(target);
    rowRefs.current[target]?.focus();
  };
  const onRowKey = (event: KeyboardEvent, index: number, leadId: number) => {
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: rows.length - 1 };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusRow(target);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void navigate(`/leads/${leadId}`, { state: linkState });
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" size="xs" leftSection={<IconColumns size={14} />}>
              Columnas
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {table
              .getAllLeafColumns()
              .filter((leaf) => leaf.getCanHide())
              .map((leaf) => (
                <Menu.Item key={leaf.id} onClick={() => leaf.toggleVisibility()}>
                  <Checkbox
                    size="xs"
                    readOnly
                    tabIndex={-1}
                    checked={leaf.getIsVisible()}
                    label={String(leaf.columnDef.header)}
                    // The item takes the click: a click on the label would also click the box, toggling twice.
                    styles={{ root: { pointerEvents: 'none' } }}
                  />
                </Menu.Item>
              ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Card p={0}>
        <Table.ScrollContainer minWidth={760}>
          <Table
            verticalSpacing={6}
            horizontalSpacing="sm"
            fz="sm"
            highlightOnHover
            stickyHeader
            aria-label="Leads"
            data-testid="lead-table"
          >
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {selection ? (
                    <Table.Th className={classes.select}>
                      <Checkbox
                        aria-label="Seleccionar los leads de la página"
                        checked={selectedOnPage === loadedIds.length}
                        indeterminate={selectedOnPage > 0 && selectedOnPage < loadedIds.length}
                        onChange={(event) => selection.setPage(loadedIds, event.currentTarget.checked)}
                      />
                    </Table.Th>
                  ) : null}
                  {group.headers.map((header) => {
                    const direction = header.column.getIsSorted();
                    return (
                      <Table.Th
                        key={header.id}
                        aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                      >
                        <UnstyledButton onClick={header.column.getToggleSortingHandler()} className={classes.sort}>
                          <Group gap={4} wrap="nowrap">
                            <Text size="sm" fw={700}>
                              {String(header.column.columnDef.header)}
                            </Text>
                            <SortIcon direction={direction} />
                          </Group>
                        </UnstyledButton>
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row, index) => (
                <Table.Tr
                  key={row.id}
                  ref={(element) => {
                    rowRefs.current[index] = element;
                  }}
                  // One row is in the Tab order; the arrows move between rows (a grid's roving focus).
                  tabIndex={index === Math.min(activeRow, rows.length - 1) ? 0 : -1}
                  className={classes.row}
                  data-testid="lead-row"
                  aria-label={row.original.name}
                  onFocus={() => setActiveRow(index)}
                  onKeyDown={(event) => onRowKey(event, index, row.original.id)}
                  onClick={() => void navigate(`/leads/${row.original.id}`, { state: linkState })}
                >
                  {selection ? (
                    // The checkbox is its own control: a click or Enter on it selects, it does not open the lead.
                    <Table.Td
                      className={classes.select}
                      onClick={(event) => event.stopPropagation()}
                      onKeyDown={(event) => event.stopPropagation()}
                    >
                      <Checkbox
                        aria-label={`Seleccionar ${row.original.name}`}
                        checked={selection.isSelected(row.original.id)}
                        onChange={() => selection.toggle(row.original.id, loadedIds)}
                      />
                    </Table.Td>
                  ) : null}
                  {row.getVisibleCells().map((cell) => (
                    <Table.Td key={cell.id}>
                      <table.FlexRender cell={cell} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      <LoadMore pages={pages} loaded={leads.length} />
    </Stack>
  );
}

/** A stable empty list while the first page loads (a new [] each render would rebuild the rows). */
const EMPTY: LeadListItem[] = [];
