/**
 * The 'Campos' filter's popover: pick a custom field, then what its type takes. Its own module,
 * loaded on the button's first click (CustomFieldFilterMenu): its selects and positioning stay
 * out of the list's first load.
 */
import { CHOICE_TYPES, type CustomFieldDefinition, type CustomFieldFilter, RANGE_TYPES, TEXT_TYPES } from '@crm/domain';
import { Group, MultiSelect, Popover, Select, Stack, TextInput, Button } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ChoiceSwitch } from '../../../components/ChoiceSwitch';

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
      <ChoiceSwitch
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

interface PopoverProps {
  fields: CustomFieldDefinition[];
  /** The 'Campos' button, as the menu draws it before this module loads. */
  target: (onClick: () => void) => ReactNode;
  onChange: (key: string, filter: CustomFieldFilter | null) => void;
}

export function CustomFieldFilterPopover({ fields, target, onChange }: PopoverProps) {
  // Opened: it loads on the click that asks for it.
  const [opened, setOpened] = useState(true);
  const [key, setKey] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const field = fields.find((item) => item.key === key);
  const filter = field ? filterOf(field, draft) : null;
  const apply = () => {
    if (!field || !filter) return;
    onChange(field.key, filter);
    setOpened(false);
    setKey(null);
    setDraft(EMPTY_DRAFT);
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" withinPortal trapFocus shadow="md">
      <Popover.Target>{target(() => setOpened((open) => !open))}</Popover.Target>
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
