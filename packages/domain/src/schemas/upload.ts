/** Size and type rules for the two uploads: the avatar image (5 MB) and the lead import file (10 MB, .csv/.tsv/.txt/.xlsx). */
const MB = 1024 * 1024;

export const AVATAR_LIMITS = {
  maxBytes: 5 * MB,
  messages: {
    invalidTitle: 'Archivo inválido',
    invalid: 'Por favor selecciona una imagen válida (JPG, PNG, GIF, etc.)',
    tooLargeTitle: 'Archivo muy grande',
    tooLarge: 'La imagen debe ser menor a 5MB',
  },
} as const;

export const IMPORT_LIMITS = {
  maxBytes: 10 * MB,
  extensions: ['.csv', '.tsv', '.txt', '.xlsx'],
  /** What the file picker's accept attribute lists. */
  accept:
    '.csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  messages: {
    fileRequired: 'Archivo requerido',
    groupNameRequired: 'Nombre del grupo requerido',
    invalidFormat: 'Formato de archivo no válido',
    tooLarge: 'El archivo debe ser menor a 10MB',
  },
} as const;

/** The import's size limit: the spec's 10 MB, or what the server's IMPORT_MAX_MB sets; the message names it. */
export function importSizeLimit(maxMb: number): { maxMb: number; maxBytes: number; tooLarge: string } {
  return { maxMb, maxBytes: maxMb * MB, tooLarge: `El archivo debe ser menor a ${maxMb}MB` };
}

/** The import dialog's check: a text/plain type or a name ending .csv, .tsv, .txt or .xlsx (browsers give CSV odd types). */
export function isAcceptedImportFile(file: { name: string; type?: string | null }): boolean {
  const name = file.name.toLowerCase();
  return file.type === 'text/plain' || IMPORT_LIMITS.extensions.some((extension) => name.endsWith(extension));
}

/** The browser-side check only; the server checks the image's bytes themselves and re-encodes it. */
export function isImageType(type: string | null | undefined): boolean {
  return typeof type === 'string' && type.startsWith('image/');
}

/** The chosen file's size in KB with one decimal, Spanish style: '12,5 KB'. */
const kbFormat = new Intl.NumberFormat('es-ES', {
  useGrouping: 'always',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

export function formatFileSizeKb(bytes: number): string {
  return `${kbFormat.format(Number.isFinite(bytes) ? bytes / 1024 : 0)} KB`;
}
