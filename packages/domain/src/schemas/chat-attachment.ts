/**
 * What the chat's attach button accepts: images (re-encoded on the server, as avatars are) and
 * documents (PDF, Office, CSV, text) up to 10 MB. The bytes decide the type, never the name or
 * the declared type: a file is only what its first bytes say it is.
 */
const MB = 1024 * 1024;

export const CHAT_ATTACHMENT_LIMITS = {
  maxBytes: 10 * MB,
  /** The picker's accept attribute (a hint only; the server reads the bytes). */
  accept:
    'image/jpeg,image/png,image/gif,image/webp,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.csv,.txt,application/pdf,text/plain,text/csv',
  messages: {
    tooLarge: 'El archivo debe ser menor a 10MB',
    invalid: 'Tipo de archivo no permitido: envía una imagen, un PDF, un documento de Office, un CSV o un texto',
    required: 'Archivo requerido',
    notFound: 'Archivo no encontrado',
    alreadySent: 'Ese archivo ya se envió en otro mensaje',
  },
  /** Bytes of attachments one user may keep, sent or not: CHAT_ATTACHMENT_QUOTA_MB on the server, this by default. */
  defaultQuotaMb: 500,
  /** An upload never sent in a message is deleted after this long. */
  unsentTtlHours: 24,
} as const;

/** The refusal of an upload that would take the user past their attachment quota. */
export function attachmentQuotaMessage(quotaMb: number): string {
  return `Superarías tu espacio para archivos del chat (${quotaMb} MB). Los archivos que no envíes se borran al día siguiente.`;
}

export interface DocumentType {
  contentType: string;
  /** The extension the download is named with (the uploaded name is kept, its ending made to match). */
  extension: string;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  signature.every((byte, index) => bytes[offset + index] === byte);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // legacy .doc / .xls / .ppt

/** A zip is an Office (OOXML) or OpenDocument file when its first entries name the parts those formats begin with. */
function zipDocument(bytes: Uint8Array): DocumentType | null {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.length, 64 * 1024)));
  const odf = /mimetypeapplication\/vnd\.oasis\.opendocument\.(text|spreadsheet|presentation)/.exec(head);
  if (odf) {
    const kind = odf[1] as 'text' | 'spreadsheet' | 'presentation';
    const extension = { text: 'odt', spreadsheet: 'ods', presentation: 'odp' }[kind];
    return { contentType: `application/vnd.oasis.opendocument.${kind}`, extension };
  }
  if (!head.includes('[Content_Types].xml')) return null;
  if (head.includes('word/'))
    return { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' };
  if (head.includes('xl/')) return { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' };
  if (head.includes('ppt/')) {
    return { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extension: 'pptx' };
  }
  return null;
}

/** Legacy Office files share one container; the name's ending tells which of the three it is. */
function oleDocument(fileName: string): DocumentType {
  const extension = /\.(xls|ppt)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (extension === 'xls') return { contentType: 'application/vnd.ms-excel', extension: 'xls' };
  if (extension === 'ppt') return { contentType: 'application/vnd.ms-powerpoint', extension: 'ppt' };
  return { contentType: 'application/msword', extension: 'doc' };
}

/** Text is valid UTF-8 (a BOM allowed) without NUL or other control characters besides tab, CR, LF and form feed. */
function isPlainText(bytes: Uint8Array): boolean {
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(decoded);
}

/** The document type the bytes show, or null when they are none the chat accepts (images are checked apart, by decoding them). */
export function detectDocumentType(bytes: Uint8Array, fileName: string): DocumentType | null {
  if (bytes.length === 0) return null;
  if (startsWith(bytes, PDF)) return { contentType: 'application/pdf', extension: 'pdf' };
  if (startsWith(bytes, ZIP)) return zipDocument(bytes);
  if (startsWith(bytes, OLE)) return oleDocument(fileName);
  if (isPlainText(bytes)) {
    return /\.csv$/i.test(fileName) ? { contentType: 'text/csv', extension: 'csv' } : { contentType: 'text/plain', extension: 'txt' };
  }
  return null;
}

/** The name a download is saved under: the uploaded name without path or odd characters, ending in the detected extension. */
export function attachmentFileName(uploaded: string, extension: string): string {
  const base = (uploaded.split(/[\\/]/).pop() ?? '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .trim()
    .slice(0, 100);
  return `${base || 'archivo'}.${extension}`;
}

export interface MediaType extends DocumentType {
  kind: 'audio' | 'video';
}

/**
 * Audio and video as WhatsApp carries them (AAC, AMR, MP3, MP4 audio, OGG/Opus voice notes; MP4 and
 * 3GPP video), told by their bytes like documents. An MP4 container is audio when its brand says so
 * ('M4A '), or when WhatsApp declared it audio (`declared`), video otherwise.
 */
export function detectMediaType(bytes: Uint8Array, declared: 'audio' | 'video' | null = null): MediaType | null {
  if (bytes.length < 12) return null;
  if (startsWith(bytes, [0x4f, 0x67, 0x67, 0x53])) return { kind: 'audio', contentType: 'audio/ogg', extension: 'ogg' }; // OggS
  if (startsWith(bytes, [0x23, 0x21, 0x41, 0x4d, 0x52])) return { kind: 'audio', contentType: 'audio/amr', extension: 'amr' }; // #!AMR
  if (startsWith(bytes, [0x49, 0x44, 0x33]) || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0 && ((bytes[1] ?? 0) & 0x06) !== 0)) {
    return { kind: 'audio', contentType: 'audio/mpeg', extension: 'mp3' }; // ID3 tag, or an MPEG audio frame (layer set)
  }
  if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xf6) === 0xf0) return { kind: 'audio', contentType: 'audio/aac', extension: 'aac' }; // ADTS
  if (startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4)) {
    const brand = new TextDecoder('latin1').decode(bytes.subarray(8, 12));
    if (brand.startsWith('3gp')) return { kind: 'video', contentType: 'video/3gpp', extension: '3gp' };
    if (brand === 'M4A ' || declared === 'audio') return { kind: 'audio', contentType: 'audio/mp4', extension: 'm4a' };
    return { kind: 'video', contentType: 'video/mp4', extension: 'mp4' };
  }
  return null;
}
