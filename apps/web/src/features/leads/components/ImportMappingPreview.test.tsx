import type { ImportJobPreview, ImportMapping } from '@crm/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '../../../test-utils/render';
import { ImportMappingPreview, remap } from './ImportMappingPreview';

const PREVIEW: ImportJobPreview = {
  id: 1,
  fileName: 'clientes.xlsx',
  columns: ['Empresa', 'Sector', 'Contacto'],
  // A row needs an email or a phone too (CONTRACT §8): the contact column is mapped from the start.
  mapping: { name: 0, categoryName: 1, email: 2 },
  customMapping: {},
  fieldGuesses: [
    { type: 'text', options: [] },
    { type: 'text', options: [] },
    { type: 'email', options: [] },
  ],
  preview: [
    { row: 2, cells: ['Clínica Sol', 'dentista', 'ana@sol.es'], problem: null },
    { row: 3, cells: ['', 'abogado', 'no-es-un-correo'], problem: 'falta el nombre' },
  ],
  totalRowsEstimate: 2,
};

/** The dialog's part: it keeps the mapping and hands it back changed (here by two plain buttons). */
function Harness() {
  const [mapping, setMapping] = useState<ImportMapping>(PREVIEW.mapping);
  return (
    <>
      <button onClick={() => setMapping({ categoryName: 1, email: 2 })}>sin nombre</button>
      <button onClick={() => setMapping({ name: 0, categoryName: 1, email: 2 })}>con email</button>
      <ImportMappingPreview preview={PREVIEW} mapping={mapping} category={null} onMappingChange={setMapping} />
    </>
  );
}

describe('import preview and mapping', () => {
  it('gives a field one column: choosing it for another column leaves the first unmapped', () => {
    expect(remap({ name: 0, categoryName: 1 }, 2, 'name')).toEqual({ categoryName: 1, name: 2 });
    expect(remap({ name: 0, email: 2 }, 2, undefined)).toEqual({ name: 0 });
  });

  it('highlights the rows that would be skipped and recomputes their problem when the mapping changes', async () => {
    render(<Harness />);
    const problemRow = () => screen.getByText('3').closest('tr') as HTMLElement;
    expect(problemRow().dataset['problem']).toBe('true');
    expect(within(problemRow()).getByText('falta el nombre')).toBeTruthy();
    expect(screen.getByText('1 fila con problemas')).toBeTruthy();

    // Without a name column every row is skipped, and the dialog says which choice is missing.
    await userEvent.click(screen.getByRole('button', { name: 'sin nombre' }));
    expect(screen.getByText('Elige qué columna lleva el nombre del lead.')).toBeTruthy();
    expect(screen.getByText('2 filas con problemas')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'con email' }));
    expect(within(problemRow()).getByText('falta el nombre')).toBeTruthy();
    expect(screen.getByText('1 fila con problemas')).toBeTruthy();
  });
});
