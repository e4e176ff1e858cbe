/** The palette's fixed actions ('Nuevo lead', 'Importar', 'Ir a Embudo') and where each one leads. */
import { normalizeSearchText } from '@crm/domain';

/** Leads.page opens the dialog a palette action names in the navigation state. */
export type LeadsDialogRequest = { dialog: 'add' | 'import' };

export interface PaletteAction {
  id: string;
  label: string;
  description: string;
  path: string;
  state?: LeadsDialogRequest;
  /** Only people who may create and import leads see it. */
  managesLeads: boolean;
}

const PALETTE_ACTIONS: readonly PaletteAction[] = [
  {
    id: 'new-lead',
    label: 'Nuevo lead',
    description: 'Abrir el formulario de Agregar Lead',
    path: '/leads',
    state: { dialog: 'add' },
    managesLeads: true,
  },
  {
    id: 'import',
    label: 'Importar',
    description: 'Importar leads desde un archivo',
    path: '/leads',
    state: { dialog: 'import' },
    managesLeads: true,
  },
  { id: 'pipeline', label: 'Ir a Embudo', description: 'Tus leads por estado', path: '/pipeline', managesLeads: false },
];

/** Actions whose label or description holds the query, accents and case aside; all of them for an empty query. */
export function matchingActions(query: string, managesLeads: boolean): PaletteAction[] {
  const wanted = normalizeSearchText(query);
  return PALETTE_ACTIONS.filter(
    (action) =>
      (managesLeads || !action.managesLeads) &&
      (wanted === '' || normalizeSearchText(`${action.label} ${action.description}`).includes(wanted)),
  );
}
