/** The Spanish lines of an exported chat's import: what was added, and which files were not kept. */
import type { WhatsAppExportResult } from '@crm/domain';

/** '12 mensajes nuevos (40 ya estaban), 2 archivos'. */
export function importedText(result: WhatsAppExportResult): string {
  if (result.added === 0) return 'No había mensajes nuevos: el chat ya estaba importado.';
  const already = result.alreadyThere > 0 ? ` (${result.alreadyThere} ya estaban)` : '';
  const files = result.attachments > 0 ? `, ${result.attachments === 1 ? '1 archivo' : `${result.attachments} archivos`}` : '';
  const added = result.added === 1 ? '1 mensaje nuevo' : `${result.added} mensajes nuevos`;
  return `${added}${already}${files}.`;
}

/** 'IMG-…jpg: Supera 10 MB; …' — each message is kept, saying which file it was. */
export function skippedText(skipped: WhatsAppExportResult['skippedMedia']): string {
  return `${skipped.map((file) => `${file.fileName}: ${file.reason}`).join('; ')}. Sus mensajes se importaron igual.`;
}
