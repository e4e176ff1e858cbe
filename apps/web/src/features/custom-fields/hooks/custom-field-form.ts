/**
 * Custom values in the lead forms: how a stored value shows in an input, and the form's values
 * checked by the API's own builder (customFieldsSchema), so the form shows the server's messages.
 */
import { type CustomFieldDefinition, type CustomFieldValues, customFieldsSchema } from '@crm/domain';

/** What an input holds: text for most types, a list for a multi-select, a flag for a checkbox. */
type CustomFieldInputValue = string | string[] | boolean;
export type CustomFieldInputs = Record<string, CustomFieldInputValue>;

export function inputValuesOf(definitions: readonly CustomFieldDefinition[], stored: CustomFieldValues = {}): CustomFieldInputs {
  const inputs: CustomFieldInputs = {};
  for (const definition of definitions) {
    const value = stored[definition.key];
    if (definition.type === 'checkbox') inputs[definition.key] = value === true;
    else if (definition.type === 'multi_select') inputs[definition.key] = Array.isArray(value) ? value : [];
    else inputs[definition.key] = value === undefined ? '' : String(value);
  }
  return inputs;
}

/**
 * The errors of the custom inputs, by form path (`customFields.<key>`). An unticked checkbox that
 * was never set is no value (so a new lead does not store 'No' for every checkbox).
 */
export function customFieldErrors(
  definitions: readonly CustomFieldDefinition[],
  mode: 'create' | 'update',
  inputs: CustomFieldInputs,
  stored?: CustomFieldValues,
): Record<string, string> {
  const parsed = customFieldsSchema(definitions, mode, stored).safeParse(payloadOf(definitions, inputs, stored));
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [`customFields.${String(issue.path[0])}`, issue.message]));
}

export function payloadOf(
  definitions: readonly CustomFieldDefinition[],
  inputs: CustomFieldInputs,
  stored: CustomFieldValues = {},
): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const definition of definitions) {
    const input = inputs[definition.key];
    if (input === undefined) continue;
    if (definition.type === 'checkbox' && input === false && stored[definition.key] === undefined) continue;
    payload[definition.key] = input;
  }
  return payload;
}
