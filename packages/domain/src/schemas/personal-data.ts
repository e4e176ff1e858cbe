/** The personal data of a lead or a contact (GDPR arts. 15 and 17, docs/personal-data.md): the export's format and the anonymisation's texts. */
import { z } from 'zod';
import { idSchema } from './common.js';

export const PERSONAL_DATA_FORMATS = ['json', 'csv'] as const;

export const personalDataQuerySchema = z.object({
  id: idSchema,
  format: z.enum(PERSONAL_DATA_FORMATS, { message: 'Formato inválido: json o csv' }).default('json'),
});

export const PERSONAL_DATA_MESSAGES = {
  anonymized: 'Datos personales anonimizados',
  confirm:
    'Se borrarán para siempre el nombre, el email, el teléfono, la dirección, el texto de las notas, los datos de sus contactos y los datos personales del historial de este lead. No se puede deshacer.',
  confirmContact:
    'Se borrarán para siempre el nombre, el cargo, el email, el teléfono, las notas y los datos personales del historial de este contacto. No se puede deshacer.',
} as const;
