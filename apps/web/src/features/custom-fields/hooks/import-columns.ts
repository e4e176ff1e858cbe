/**
 * The import's mapping beyond the built-in fields: a column may fill an existing custom field, or
 * '+ Crear campo' (a new field named after the header, of the type the server guessed); what the
 * start call sends for them.
 */
import type { CustomFieldType, ImportCustomMapping, ImportJobPreview, ImportNewField } from '@crm/domain';

export type CustomColumnChoice = { kind: 'field'; key: string } | { kind: 'new'; label: string; type: CustomFieldType };
/** Column index → its custom choice. */
export type CustomColumnChoices = Record<number, CustomColumnChoice>;

export function initialChoices(preview: ImportJobPreview): CustomColumnChoices {
  return Object.fromEntries(Object.entries(preview.customMapping).map(([key, column]) => [column, { kind: 'field' as const, key }]));
}

/** The guessed type, except a multi-select, which the settings define with its options. */
export function newFieldChoice(preview: ImportJobPreview, column: number): CustomColumnChoice {
  const guess = preview.fieldGuesses[column]?.type ?? 'text';
  return {
    kind: 'new',
    label: (preview.columns[column] ?? '').trim() || `Columna ${column + 1}`,
    type: guess === 'multi_select' ? 'text' : guess,
  };
}

/** Gives `column` its choice (or none); a field is filled from one column, so another column with it loses it. */
export function setChoice(choices: CustomColumnChoices, column: number, choice: CustomColumnChoice | undefined): CustomColumnChoices {
  const next: CustomColumnChoices = {};
  for (const [index, existing] of Object.entries(choices)) {
    const sameField = choice?.kind === 'field' && existing.kind === 'field' && existing.key === choice.key;
    if (Number(index) !== column && !sameField) next[Number(index)] = existing;
  }
  if (choice) next[column] = choice;
  return next;
}

export function startPayload(choices: CustomColumnChoices): { customMapping: ImportCustomMapping; newFields: ImportNewField[] } {
  const customMapping: ImportCustomMapping = {};
  const newFields: ImportNewField[] = [];
  for (const [index, choice] of Object.entries(choices)) {
    if (choice.kind === 'field') customMapping[choice.key] = Number(index);
    else newFields.push({ column: Number(index), label: choice.label.trim() || `Columna ${Number(index) + 1}`, type: choice.type });
  }
  return { customMapping, newFields };
}
