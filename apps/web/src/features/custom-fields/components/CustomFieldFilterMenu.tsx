/**
 * Filtering the lists by a custom field: pick the field, then what its type takes ('contiene' for
 * texts, a range for numbers, amounts and dates, 'cualquiera de' for selections, Sí/No for a
 * checkbox). Each filter in use shows as a chip that removes it.
 */
import {
  CHOICE_TYPES,
  type CustomFieldDefinition,
  type CustomFieldFilter,
  type CustomFieldFilters,
  RANGE_TYPES,
  TEXT_TYPES,
} from '@crm/domain';
import { Badge, Button, CloseButton, Group, MultiSelect, Popover, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useState } from 'react';
import { useLeadFields } from '../hooks/useCustomFields';

interface Draft {
  text: string;
  min: string;
  max: string;
  options: string[];
  flag: 'true' | 'false';
}

const EMPTY_DRAFT: Draft = { text: '', min: '', max: '', options: [], flag: 'true' };

/** The filter a draft makes for the field's type, or null while it says nothing. */
function filterOf(field: CustomFieldDefinition, draft: Draft): CustomFieldFilter | null {
  if (TEXT_TYPES.includes(field.type)) return draft.text.trim() ? { contains: draft.text.trim() } : null;
  if (CHOICE_TYPES.includes(field.type)) return draft.options.length > 0 ? { anyOf: draft.options } : null;
  if (field.type === 'checkbox') return { eq: draft.flag === 'true' };
  if (RANGE_TYPES.includes(field.type)) {
    const range: { min?: string; max?: string } = {};
    if (draft.min.trim()) range.min = draft.min.trim();
    if (draft.max.trim()) range.max = draft.max.trim();
    return range.min === undefined && range.max === undefined ? null : range;
  }
  return null;
}

/** How a chip says a filter: 'Provincia: Madrid, Sevilla', 'Facturación: 1000 – 5000'. */
function describe(field: CustomFieldDefinition, filter: CustomFieldFilter): string {
  if ('contains' in filter) return `${field.label} contiene «${filter.contains}»`;
  if ('anyOf' in filter) return `${field.label}: ${filter.anyOf.join(', ')}`;
  if ('eq' in filter) return `${field.label}: ${typeof filter.eq === 'boolean' ? (filter.eq ? 'Sí' : 'No') : String(filter.eq)}`;
  return `${field.label}: ${filter.min === undefined ? '…' : String(filter.min)} – ${filter.max === undefined ? '…' : String(filter.max)}`;
}

function DraftInputs({ field, draft, onChange }: { field: CustomFieldDefinition; draft: Draft; onChange: (draft: Draft) => void }) {
  if (TEXT_TYPES.includes(field.type)) {
    return <TextInput label="Contiene" value={draft.text} onChange={(event) => onChange({ ...draft, text: event.currentTarget.value })} />;
  }
  if (CHOICE_TYPES.includes(field.type)) {
    return (
      <MultiSelect
        label="Cualquiera de"
        data={field.options}
        searchable
        value={draft.options}
        onChange={(options) => onChange({ ...draft, options })}
        comboboxProps={{ withinPortal: false }}
      />
    );
  }
  if (field.type === 'checkbox') {
    return (
      <SegmentedControl
        aria-label={field.label}
        value={draft.flag}
        onChange={(flag) => onChange({ ...draft, flag: flag === 'false' ? 'false' : 'true' })}
        data={[
          { value: 'true', label: 'Sí' },
          { value: 'false', label: 'No' },
        ]}
      />
    );
  }
  const type = field.type === 'date' ? 'date' : 'text';
  return (
    <Group grow>
      <TextInput
        label="Desde"
        type={type}
        inputMode="decimal"
        value={draft.min}
        onChange={(event) => onChange({ ...draft, min: event.currentTarget.value })}
      />
      <TextInput
        label="Hasta"
        type={type}
        inputMode="decimal"
        value={draft.max}
        onChange={(event) => onChange({ ...draft, max: event.currentTarget.value })}
      />
    </Group>
  );
}

interface MenuProps {
  filters: CustomFieldFilters;
  onChange: (key: string, filter: CustomFieldFilter | null) => void;
}

export function CustomFieldFilterMenu({ filters, onChange }: MenuProps) {
  const fields = useLeadFields();
  const [opened, setOpened] = useState(false);
  const [key, setKey] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  if (fields.length === 0) return null;
  const field = fields.find((item) => item.key === key);
  const filter = field ? filterOf(field, draft) : null;
  const apply = () => {
    if (!field || !filter) return;
    onChange(field.key, filter);
    setOpened(false);
    setKey(null);
    setDraft(EMPTY_DRAFT);
  };
  const inUse = Object.keys(filters).length;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withinPortal trapFocus shadow="md">
      <Popover.Target>
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
          onClick={() => setOpened((open) => !open)}
        >
          Campos
        </Button>
      </Popover.Target>
      <Popover.Dropdown miw={280}>
        <Stack gap="xs" role="group" aria-label="Filtrar por un campo personalizado">
          <Select
            label="Campo"
            placeholder="Elige un campo"
            data={fields.map((item) => ({ value: item.key, label: item.label }))}
            value={key}
            onChange={(value) => {
              setKey(value);
              setDraft(EMPTY_DRAFT);
            }}
            comboboxProps={{ withinPortal: false }}
          />
          {field ? <DraftInputs field={field} draft={draft} onChange={setDraft} /> : null}
          <Button size="xs" disabled={!filter} onClick={apply}>
            Aplicar filtro
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
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
