/**
 * The sorts of the lead lists and their keyset cursors. Every sort is (key, id) in one direction,
 * read as an index range. A key that may be missing (no assignee, never contacted, no follow-up)
 * splits the list in two segments: the leads with a value, in order, then those without, by id;
 * the cursor says which segment it stopped in. So missing values come last in both directions.
 */
import { type CustomFieldType, type LeadSort, type LeadSortField, type SortDirection, parseLeadSort, sortKindOf } from '@crm/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { customValueExpression } from './custom-field-sql.js';

type KeyType = 'text' | 'int' | 'timestamptz' | 'numeric';

/** The custom field a `cf.<key>` sort names, as the service checked it against the definitions. */
export interface CustomSortField {
  key: string;
  type: CustomFieldType;
}

interface SortKey {
  /** The value sorted on, as SQL over the list query (leads joined with the assignee). */
  value: RawBuilder<unknown>;
  type: KeyType;
  /** When set, the leads it selects have no value and make the second segment. */
  missing?: RawBuilder<SqlBool>;
}

const SORT_KEYS: Record<LeadSortField, SortKey> = {
  name: { value: sql`leads.name`, type: 'text' },
  category: { value: sql`leads.category`, type: 'text' },
  status: { value: sql`leads.status_rank`, type: 'int' },
  createdAt: { value: sql`leads.created_at`, type: 'timestamptz' },
  // The assignee's name as the lead keeps it (migration 1900's triggers), so the sort is an index range.
  assignee: {
    value: sql`leads.assignee_name`,
    type: 'text',
    missing: sql<SqlBool>`leads.assigned_to is null`,
  },
  lastContact: { value: sql`leads.contacted_at`, type: 'timestamptz', missing: sql<SqlBool>`leads.contacted_at is null` },
  nextFollowUp: { value: sql`leads.next_follow_up_at`, type: 'timestamptz', missing: sql<SqlBool>`leads.next_follow_up_at is null` },
};

/** Where a page starts: just after this row of the previous page, in the list's order. */
export interface LeadCursor {
  sort: LeadSort;
  /** 'missing': the cursor is among the leads without a value (value is then null). */
  segment: 'value' | 'missing';
  value: string | null;
  id: number;
}

export interface LeadSortPlan {
  sort: LeadSort;
  direction: SortDirection;
  key: SortKey;
}

/** A custom field sorts by its index's expression; leads without a value make the second segment. */
function customSortKey(field: CustomSortField): SortKey {
  const value = customValueExpression(field.key, field.type);
  return { value, type: sortKindOf(field.type), missing: sql<SqlBool>`${value} is null` };
}

/** `custom`: the field a `cf.<key>` sort names (required for one: the service resolves it). */
export function planLeadSort(sort: LeadSort, custom?: CustomSortField): LeadSortPlan {
  const { field, direction } = parseLeadSort(sort);
  if (field.startsWith('cf.')) {
    if (custom?.key !== field.slice(3)) throw new Error(`Orden por un campo personalizado sin resolver: ${sort}`);
    return { sort, direction, key: customSortKey(custom) };
  }
  return { sort, direction, key: SORT_KEYS[field as LeadSortField] };
}

/** The key as text, exactly as the cursor keeps it (timestamps with their microseconds). */
export function sortValueText(plan: LeadSortPlan): RawBuilder<string> {
  return sql<string>`(${plan.key.value})::text`;
}

function typed(value: string, type: KeyType): RawBuilder<unknown> {
  if (type === 'int') return sql`${Number(value)}::int`;
  if (type === 'timestamptz') return sql`${value}::timestamptz`;
  if (type === 'numeric') return sql`${value}::numeric`;
  return sql`${value}::text`;
}

/** The rows after `cursor` within the value segment, as one row comparison an index range reads. */
export function afterInValueSegment(plan: LeadSortPlan, cursor: LeadCursor | undefined): RawBuilder<SqlBool> {
  const present = plan.key.missing ? sql<SqlBool>`not (${plan.key.missing})` : sql<SqlBool>`true`;
  if (!cursor || cursor.value === null) return present;
  const operator = sql.raw(plan.direction === 'asc' ? '>' : '<');
  return sql<SqlBool>`${present} and (${plan.key.value}, leads.id) ${operator} (${typed(cursor.value, plan.key.type)}, ${cursor.id})`;
}

/** The rows of the missing segment after `cursor` (all of them when the cursor is still in the value segment). */
export function afterInMissingSegment(plan: LeadSortPlan, cursor: LeadCursor | undefined): RawBuilder<SqlBool> {
  const missing = plan.key.missing ?? sql<SqlBool>`false`;
  if (!cursor || cursor.segment === 'value') return missing;
  const operator = sql.raw(plan.direction === 'asc' ? '>' : '<');
  return sql<SqlBool>`${missing} and leads.id ${operator} ${cursor.id}`;
}

export function encodeLeadCursor(cursor: LeadCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.segment === 'missing' ? 1 : 0, cursor.value, cursor.id])).toString('base64url');
}

const TIMESTAMP_TEXT = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)?$/;
const MAX_INTEGER_ID = 2_147_483_647;
const MAX_TEXT_KEY = 1000;

/** A timestamp PostgreSQL will accept: well-formed and a real calendar instant (no 31 February). */
function isTimestampText(text: string): boolean {
  const match = TIMESTAMP_TEXT.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}

function isKeyText(value: string, type: KeyType): boolean {
  if (type === 'timestamptz') return isTimestampText(value);
  if (type === 'int') return /^\d{1,4}$/.test(value);
  if (type === 'numeric') return /^-?\d{1,16}(\.\d{1,20})?$/.test(value);
  return value.length <= MAX_TEXT_KEY;
}

/**
 * undefined for anything that is not a cursor this module wrote for this sort, so a tampered
 * cursor, or one of another sort, is a 400, never a 500.
 */
export function decodeLeadCursor(text: string, sort: LeadSort, custom?: CustomSortField): LeadCursor | undefined {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(decoded) || decoded.length !== 4) return undefined;
    const [cursorSort, segment, value, id] = decoded as unknown[];
    if (cursorSort !== sort || (segment !== 0 && segment !== 1)) return undefined;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_INTEGER_ID) return undefined;
    const plan = planLeadSort(sort, custom);
    if (segment === 1) return plan.key.missing && value === null ? { sort, segment: 'missing', value: null, id } : undefined;
    if (typeof value !== 'string' || !isKeyText(value, plan.key.type)) return undefined;
    return { sort, segment: 'value', value, id };
  } catch {
    return undefined;
  }
}
