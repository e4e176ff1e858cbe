/**
 * Fewer index entries per lead written: an assignment or a status change cannot be a HOT update,
 * so it adds the row to every btree index of leads (about 15 ms per index per 5,000 leads).
 * - (assigned_to, created_at, id) and (assigned_to, status, created_at) become one index,
 *   (assigned_to, created_at, id) including status: 'Mis leads' still reads its range in list
 *   order, and the per-member counts and least-busy loads still read the index alone.
 * - (status_rank, id) over every lead goes: the list sorts by status within a tab, and each tab
 *   has its own index (1900). A list with no tab sorted by status sorts in memory.
 * - (group_id, created_at, id) skips ungrouped leads: they are listed by the tabs' indexes.
 * (status, group_id) stays beside (status, created_at, id): its repeated keys deduplicate to a
 * quarter of the size, and the board counts each status from it (folding it into the other as an
 * included column made a 100k-lead count 1.7× slower).
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`drop index if exists leads_assignee_created_idx`.execute(db);
  await sql`drop index if exists leads_assignee_status_created_idx`.execute(db);
  await sql`create index leads_assignee_idx on leads (assigned_to, created_at, id) include (status)`.execute(db);

  await sql`drop index if exists leads_status_sort_idx`.execute(db);

  await sql`drop index if exists leads_group_idx`.execute(db);
  await sql`create index leads_group_idx on leads (group_id, created_at, id) where group_id is not null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop index if exists leads_group_idx`.execute(db);
  await sql`create index leads_group_idx on leads (group_id, created_at, id)`.execute(db);
  await sql`create index leads_status_sort_idx on leads (status_rank, id)`.execute(db);
  await sql`drop index if exists leads_assignee_idx`.execute(db);
  await sql`create index leads_assignee_status_created_idx on leads (assigned_to, status, created_at)`.execute(db);
  await sql`create index leads_assignee_created_idx on leads (assigned_to, created_at, id) where assigned_to is not null`.execute(db);
}
