import type { CustomFieldDefinition, WebFormFieldSetting } from '@crm/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '../../../test-utils/render';
import { WebFormFieldsEditor } from './WebFormFieldsEditor';

const PROVINCIA: CustomFieldDefinition = {
  id: 1,
  entity: 'lead',
  key: 'provincia',
  label: 'Provincia',
  type: 'select',
  options: ['Madrid', 'Sevilla'],
  required: true,
  position: 0,
  archived: false,
};

/** The dialog's part: it keeps the fields and shows them as JSON to assert on. */
function Harness({ definitions }: { definitions: CustomFieldDefinition[] | undefined }) {
  const [fields, setFields] = useState<WebFormFieldSetting[]>([
    { field: 'name', required: true },
    { field: 'email', required: false },
  ]);
  return (
    <>
      <WebFormFieldsEditor value={fields} onChange={setFields} error={undefined} definitions={definitions} definitionsFailed={false} />
      <output data-testid="fields">{JSON.stringify(fields)}</output>
    </>
  );
}

const fieldsNow = () => JSON.parse(screen.getByTestId('fields').textContent ?? '[]') as WebFormFieldSetting[];

describe('the form builder fields', () => {
  it('adds a contact field and a custom one (required as its definition), reorders and removes them', async () => {
    const user = userEvent.setup();
    render(<Harness definitions={[PROVINCIA]} />);
    const add = async (label: string) => {
      await user.type(screen.getByRole('combobox', { name: 'Añadir campo' }), label);
      await user.click(await screen.findByRole('option', { name: label, hidden: true }));
    };
    await add('Cargo');
    await add('Provincia');
    expect(fieldsNow()).toEqual([
      { field: 'name', required: true },
      { field: 'email', required: false },
      { field: 'contact.cargo', required: false },
      { field: 'customFields.provincia', required: true },
    ]);
    const provincia = screen.getAllByTestId('web-form-field')[3] as HTMLElement;
    expect(within(provincia).getByText('Personalizado · Selección')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Subir Provincia' }));
    await user.click(screen.getByRole('switch', { name: 'Provincia obligatorio' }));
    await user.click(screen.getByRole('button', { name: 'Quitar Email' }));
    expect(fieldsNow()).toEqual([
      { field: 'name', required: true },
      { field: 'customFields.provincia', required: false },
      { field: 'contact.cargo', required: false },
    ]);
    // The name always goes, required.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Quitar Nombre o empresa' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Nombre o empresa obligatorio' }).disabled).toBe(true);
  });

  it('says where custom fields are made when the team has none, and that they load meanwhile', () => {
    const { unmount } = render(<Harness definitions={undefined} />);
    expect(screen.getByText('Cargando los campos personalizados…')).toBeTruthy();
    unmount();
    render(<Harness definitions={[]} />);
    expect(screen.getByText('Los campos personalizados del lead se crean en Configuración → Campos personalizados')).toBeTruthy();
  });
});
