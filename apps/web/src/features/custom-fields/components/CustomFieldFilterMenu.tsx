/**
 * Filtering the lists by a custom field: pick the field, then what its type takes ('contiene' for
 * texts, a range for numbers, amounts and dates, 'cualquiera de' for selections, Sí/No for a
 * checkbox; CustomFieldFilterPopover, loaded on the first click). Each filter in use shows as a
 * chip that removes it.
 */
import type { CustomFieldDefinition, CustomFieldFilter, CustomFieldFilters } from '@crm/domain';
import { Badge, Button, CloseButton, Group } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';
import { useLeadFields } from '../hooks/useCustomFields';

const CustomFieldFilterPopover = lazy(() =>
  import('./CustomFieldFilterPopover').then((module) => ({ default: module.CustomFieldFilterPopover })),
);

/** How a chip says a filter: 'Provincia: Madrid, Sevilla', 'Facturación: 1000 – 5000'. */
function describe(field: CustomFieldDefinition, filter: CustomFieldFilter): string {
  if ('contains' in filter) return `${field.label} contiene «${filter.contains}»`;
  if ('anyOf' in filter) return `${field.label}: ${filter.anyOf.join(', ')}`;
  if ('eq' in filter) return `${field.label}: ${typeof filter.eq === 'boolean' ? (filter.eq ? 'Sí' : 'No') : String(filter.eq)}`;
  return `${field.label}: ${filter.min === undefined ? '…' : String(filter.min)} – ${filter.max === undefined ? '…' : String(filter.max)}`;
}

interface MenuProps {
  filters: CustomFieldFilters;
  onChange: (key: string, filter: CustomFieldFilter | null) => void;
}

export function CustomFieldFilterMenu({ filters, onChange }: MenuProps) {
  const fields = useLeadFields();
  const [armed, setArmed] = useState(false);
  if (fields.length === 0) return null;
  const inUse = Object.keys(filters).length;
  const target = (onClick?: () => void) => (
    <Button
      variant={inUse > 0 ? 'light' : 'default'}
      size="compact-sm"
      leftSection={<IconFilter size={14} />}
      rightSection={
        inUse > 0 ? (
          <Badge size="xs" circle>
            {inUse}
          </Badge>
        ) : null
      }
      onClick={onClick}
    >
      Campos
    </Button>
  );
  if (!armed) return target(() => setArmed(true));
  return (
    <Suspense fallback={target()}>
      <CustomFieldFilterPopover fields={fields} target={target} onChange={onChange} />
    </Suspense>
  );
}

/** The custom filters in use, one removable chip each. */
export function CustomFilterChips({ filters, onChange }: MenuProps) {
  const fields = useLeadFields();
  const entries = Object.entries(filters);
  if (entries.length === 0) return null;
  return (
    <Group gap="xs" mb="sm" aria-label="Filtros por campos personalizados">
      {entries.map(([key, filter]) => {
        const field = fields.find((item) => item.key === key);
        const label = field ? describe(field, filter) : key;
        return (
          <Badge
            key={key}
            variant="light"
            size="lg"
            tt="none"
            rightSection={<CloseButton size="xs" aria-label={`Quitar filtro ${label}`} onClick={() => onChange(key, null)} />}
          >
            {label}
          </Badge>
        );
      })}
    </Group>
  );
}
