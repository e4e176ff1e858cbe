/**
 * The filters above the lists: search, category, status, assignee ('Mis leads', a person, 'Sin
 * asignar'), tag, 'Limpiar filtros' while any narrows the list, and the cards/table switch. On a phone
 * everything but the search folds behind a 'Filtros' button.
 */
import { LEAD_CATEGORY_OPTIONS, LEAD_STATUS_OPTIONS } from '@crm/domain';
import { Badge, Button, CloseButton, Collapse, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff, IconLayoutGrid, IconList, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DeferredSelect } from '../../../components/deferred-select/DeferredSelect';
import { useTRPC } from '../../../lib/trpc';
import { readAssignee, writeAssignee } from '../hooks/assignee-filter';
import type { LeadsView } from '../hooks/useLeadsView';
import { useTeamOptions } from '../hooks/useTeamOptions';
import { CustomFieldFilterMenu, CustomFilterChips } from '../../custom-fields/components/CustomFieldFilterMenu';
import { useIsPhone } from '../../../lib/use-is-phone';
import { ChoiceSwitch } from '../../../components/ChoiceSwitch';

const ALL = 'todos';

/** 'Mis leads', 'Sin asignar', then the sales team: the values the URL uses. */
function useAssigneeOptions() {
  const people = useTeamOptions().slice(1);
  return [
    { value: ALL, label: 'Todos los responsables' },
    { value: writeAssignee('me'), label: 'Mis leads' },
    { value: writeAssignee('none'), label: 'Sin asignar' },
    ...people,
  ];
}

/** 'Todas las etiquetas' and each tag by name. */
function useTagOptions() {
  const trpc = useTRPC();
  const tags = useQuery(trpc.tags.list.queryOptions());
  return [{ value: ALL, label: 'Todas las etiquetas' }, ...(tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }))];
}

interface LeadFiltersProps {
  view: LeadsView;
  /** The board's columns are the statuses: it has no status filter. */
  withStatus?: boolean;
  withModeSwitch?: boolean;
}

/** How many of the folded filters narrow the list: the 'Filtros' button shows it. */
function activeFilterCount(view: LeadsView, withStatus: boolean): number {
  const fixed = [view.category, withStatus ? view.status : null, view.assignee, view.tagId].filter((value) => value !== null).length;
  return fixed + Object.keys(view.customFilters).length;
}

export function LeadFilters({ view, withStatus = true, withModeSwitch = true }: LeadFiltersProps) {
  const assigneeOptions = useAssigneeOptions();
  const tagOptions = useTagOptions();
  // On a phone the selects fold behind 'Filtros', so the first lead shows on the first screen.
  const isPhone = useIsPhone();
  const [unfolded, fold] = useDisclosure(false);
  const active = activeFilterCount(view, withStatus);
  const search = (
    <TextInput
      placeholder="Buscar leads..."
      aria-label="Buscar leads"
      leftSection={<IconSearch size={16} />}
      value={view.search}
      onChange={(event) => view.setSearch(event.currentTarget.value)}
      rightSection={view.search ? <CloseButton aria-label="Borrar búsqueda" onClick={() => view.setSearch('')} /> : null}
      style={isPhone ? { flex: 1 } : undefined}
    />
  );
  const selects = (
    <>
      <DeferredSelect
        aria-label="Filtrar por categoría"
        data={[{ value: ALL, label: 'Todas las categorías' }, ...LEAD_CATEGORY_OPTIONS]}
        value={view.category ?? ALL}
        allowDeselect={false}
        onChange={(value) => view.setCategory(value === ALL ? null : value)}
      />
      {withStatus ? (
        <DeferredSelect
          aria-label="Filtrar por estado"
          data={[{ value: ALL, label: 'Todos los estados' }, ...LEAD_STATUS_OPTIONS]}
          value={view.status ?? ALL}
          allowDeselect={false}
          onChange={(value) => view.setStatus(value === ALL ? null : value)}
        />
      ) : null}
      <DeferredSelect
        aria-label="Filtrar por responsable"
        data={assigneeOptions}
        value={view.assignee === null ? ALL : writeAssignee(view.assignee)}
        allowDeselect={false}
        searchable
        onChange={(value) => view.setAssignee(readAssignee(value))}
      />
      <DeferredSelect
        aria-label="Filtrar por etiqueta"
        data={tagOptions}
        value={view.tagId === null ? ALL : String(view.tagId)}
        allowDeselect={false}
        searchable
        onChange={(value) => view.setTag(value === ALL || value === null ? null : Number(value))}
      />
    </>
  );
  const customMenu = <CustomFieldFilterMenu filters={view.customFilters} onChange={view.setCustomFilter} />;
  const clear = (
    <Group gap="xs">
      {customMenu}
      {view.filtered ? (
        <Button variant="subtle" size="compact-sm" leftSection={<IconFilterOff size={16} />} onClick={view.clearFilters}>
          Limpiar filtros
        </Button>
      ) : null}
    </Group>
  );
  const chips = <CustomFilterChips filters={view.customFilters} onChange={view.setCustomFilter} />;
  const modeSwitch = withModeSwitch ? <LeadsModeSwitch view={view} /> : null;

  if (isPhone) {
    return (
      <Stack gap="xs" mb="sm">
        <Group gap="xs" wrap="nowrap">
          {search}
          <Button
            variant={active > 0 ? 'light' : 'default'}
            leftSection={<IconAdjustmentsHorizontal size={16} />}
            rightSection={
              active > 0 ? (
                <Badge size="sm" circle>
                  {active}
                </Badge>
              ) : null
            }
            aria-expanded={unfolded}
            aria-controls="lead-filters-folded"
            onClick={fold.toggle}
          >
            Filtros
          </Button>
        </Group>
        <Collapse expanded={unfolded}>
          <Stack gap="xs" id="lead-filters-folded">
            {selects}
            <Group justify="space-between" gap="xs">
              {clear}
              {modeSwitch}
            </Group>
          </Stack>
        </Collapse>
        {chips}
      </Stack>
    );
  }
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: withStatus ? 5 : 4 }} spacing="sm" mb="sm">
        {search}
        {selects}
      </SimpleGrid>
      <Group justify="space-between" mb="md" gap="xs" mih={36}>
        {clear}
        {modeSwitch}
      </Group>
      {chips}
    </>
  );
}

function LeadsModeSwitch({ view }: { view: LeadsView }) {
  return (
    <ChoiceSwitch
      size="xs"
      aria-label="Vista de la lista"
      value={view.mode}
      onChange={view.setMode}
      data={[
        {
          value: 'cards',
          label: (
            <Group gap={4} wrap="nowrap">
              <IconLayoutGrid size={14} aria-hidden />
              <span>Tarjetas</span>
            </Group>
          ),
        },
        {
          value: 'table',
          label: (
            <Group gap={4} wrap="nowrap">
              <IconList size={14} aria-hidden />
              <span>Tabla</span>
            </Group>
          ),
        },
      ]}
    />
  );
}
