/**
 * An exported chat's text read into messages (whatsapp-chat-parser: Android and iOS, any language,
 * 12- and 24-hour clocks, multi-line messages, system lines), each with its wall-clock time and its
 * export key: a digest of the time, author, text and how many times that triple came before, so the
 * same message of a longer export of the same chat has the same key.
 */
import { createHash } from 'node:crypto';
import { DomainError, WHATSAPP_EXPORT_LIMITS, WHATSAPP_EXPORT_MESSAGES, type WallTime } from '@crm/domain';
import { parseString } from 'whatsapp-chat-parser';

export interface ChatClock extends Pick<WallTime, 'year' | 'month' | 'day' | 'hour' | 'minute'> {
  second: number;
}

export interface ExportedLine {
  clock: ChatClock;
  /** Null for WhatsApp's own lines (encryption notice, group changes). */
  author: string | null;
  text: string;
  /** The file a message carries ('IMG-20210428-WA0001.jpg (archivo adjunto)', '<adjunto: …>'). */
  attachment: string | null;
  /** '<Multimedia omitido>', 'imagen omitida': the file was left out of the export. */
  mediaOmitted: boolean;
  exportKey: string;
}

/** What WhatsApp writes for a file left out of the export, in Spanish and English, Android and iOS. */
const MEDIA_OMITTED =
  /^\u200e?(?:<multimedia omitido>|<media omitted>|(?:imagen|video|vídeo|audio|sticker|gif|documento) omitid[oa]|(?:image|video|audio|sticker|gif|document) omitted)$/i;
/** iOS writes its notices (encryption, number changes) under the chat's name, the text opened by a left-to-right mark. */
const IOS_NOTICE = /^\u200e/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const clockText = (clock: ChatClock) =>
  `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`;

/**
 * The parser builds a Date from the export's wall-clock fields in this process's zone; those fields,
 * read back, are the clock the phone showed (the team's zone then places it, chat-export.service).
 */
function clockOf(date: Date): ChatClock {
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
  };
}

export function parseChatExport(text: string): ExportedLine[] {
  const parsed = parseString(text, { parseAttachments: true });
  if (parsed.length === 0) throw new DomainError('BAD_REQUEST', WHATSAPP_EXPORT_MESSAGES.empty);
  if (parsed.length > WHATSAPP_EXPORT_LIMITS.messages) throw new DomainError('BAD_REQUEST', WHATSAPP_EXPORT_MESSAGES.tooManyMessages);
  const repeats = new Map<string, number>();
  return parsed.map((message) => {
    const clock = clockOf(message.date);
    // The last message of an export ends with the file's newline; in a longer export it does not.
    const raw = message.message.trimEnd();
    const attachment = message.attachment?.fileName ?? null;
    const mediaOmitted = MEDIA_OMITTED.test(raw);
    const author = message.author !== null && attachment === null && !mediaOmitted && IOS_NOTICE.test(raw) ? null : message.author;
    const triple = `${clockText(clock)}\u0000${author ?? ''}\u0000${raw}`;
    const nth = repeats.get(triple) ?? 0;
    repeats.set(triple, nth + 1);
    return {
      clock,
      author,
      text: raw.replace(/^\u200e/, ''),
      attachment,
      mediaOmitted,
      exportKey: createHash('sha256').update(`${triple}\u0000${nth}`).digest('base64url'),
    };
  });
}

/** The people who wrote in the chat, in order of their first message. */
export function participantsOf(lines: readonly ExportedLine[]): string[] {
  return [...new Set(lines.flatMap((line) => (line.author === null ? [] : [line.author])))];
}
