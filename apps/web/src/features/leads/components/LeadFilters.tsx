/** The filters above the lists: category, status and the debounced name/email search. */
import { LEAD_CATEGORY_OPTIONS, LEAD_STATUS_OPTIONS } from '@crm/domain';
import { CloseButton, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { LeadsView } from '../hooks/useLeadsView';

const ALL = 'todos';

export function LeadFilters({ view }: { view: LeadsView }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mb="md">
      <TextInput
        placeholder="Buscar leads..."
        aria-label="Buscar leads"
        leftSection={<IconSearch size={16} />}
        value={view.search}
        onChange={(event) => view.setSearch(event.currentTarget.value)}
        rightSection={view.search ? <CloseButton aria-label="Borrar búsqueda" onClick={() => view.setSearch('')} /> : null}
      />
      <Select
        aria-label="Filtrar por categoría"
        data={[{ value: ALL, label: 'Todas las categorías' }, ...LEAD_CATEGORY_OPTIONS]}
        value={view.category ?? ALL}
        allowDeselect={false}
        onChange={(value) => view.setCategory(value === ALL ? null : value)}
      />
      <Select
        aria-label="Filtrar por estado"
        data={[{ value: ALL, label: 'Todos los estados' }, ...LEAD_STATUS_OPTIONS]}
        value={view.status ?? ALL}
        allowDeselect={false}
        onChange={(value) => view.setStatus(value === ALL ? null : value)}
      />
    </SimpleGrid>
  );
}
