/**
 * Issue 30, WhatsApp on the lead: the messages of each lead's conversation, whether they came
 * through the Cloud API (webhooks and our sends) or from a chat exported from the phone, and one
 * row per conversation for the inbox (newest first, unread counts, the 24-hour window).
 * Media is kept as chat attachments (same storage, checks and limits); an inbound file has no
 * uploading user, and WhatsApp also carries audio and video.
 */
import { type Kysely, sql } from 'kysely';

// Migrations are typed Kysely<any> on purpose: they must not follow later type changes.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table chat_attachments alter column uploader_id drop not null`.execute(db);
  await sql`alter table chat_attachments drop constraint chat_attachments_kind_check`.execute(db);
  await sql`alter table chat_attachments add constraint chat_attachments_kind_check
    check (kind in ('image', 'document', 'audio', 'video'))`.execute(db);

  await sql`create table whatsapp_messages (
    id bigserial primary key,
    lead_id integer not null references leads (id) on delete cascade,
    direction text not null check (direction in ('inbound', 'outbound')),
    origin text not null check (origin in ('cloud', 'export')),
    -- Meta's message id (wamid): Meta retries webhooks, so a message is kept once by it.
    wa_message_id text,
    -- An exported chat's message: a digest of its time, author, text and repeat number, so a
    -- re-import of a longer export of the same chat adds only what is new.
    export_key text,
    kind text not null check (kind in ('text', 'image', 'document', 'audio', 'video', 'sticker',
      'location', 'contacts', 'reaction', 'template', 'system', 'unsupported')),
    body text,
    -- What the kind needs besides the text: location, shared contacts, the reacted message,
    -- a template's name and variables, a caption.
    details jsonb not null default '{}',
    attachment_id integer references chat_attachments (id) on delete set null,
    -- The name WhatsApp shows for the author (profile name, or the participant in an export).
    author_name text,
    -- The seller who sent it from the CRM, or who the importer said was the seller in an export.
    sent_by integer references users (id) on delete set null,
    status text not null check (status in ('received', 'pending', 'sent', 'delivered', 'read', 'failed')),
    failure_reason text,
    sent_at timestamptz not null,
    created_at timestamptz not null default now(),
    check ((origin = 'cloud') = (export_key is null))
  )`.execute(db);
  await sql`create unique index whatsapp_messages_wamid_unique on whatsapp_messages (wa_message_id)
    where wa_message_id is not null`.execute(db);
  await sql`create unique index whatsapp_messages_export_unique on whatsapp_messages (lead_id, export_key)
    where export_key is not null`.execute(db);
  await sql`create index whatsapp_messages_lead_idx on whatsapp_messages (lead_id, sent_at, id)`.execute(db);
  await sql`create index whatsapp_messages_attachment_idx on whatsapp_messages (attachment_id)
    where attachment_id is not null`.execute(db);

  await sql`create table whatsapp_conversations (
    lead_id integer primary key references leads (id) on delete cascade,
    -- The customer's WhatsApp id (E.164 digits, no '+'), what the Cloud API sends to.
    wa_id text,
    last_message_at timestamptz not null,
    -- The last message the customer sent: it opens the 24-hour customer-service window.
    last_inbound_at timestamptz,
    unread_count integer not null default 0 check (unread_count >= 0),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index whatsapp_conversations_recent_idx on whatsapp_conversations (last_message_at desc)`.execute(db);
  await sql`create index whatsapp_conversations_wa_id_idx on whatsapp_conversations (wa_id) where wa_id is not null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop table if exists whatsapp_conversations`.execute(db);
  await sql`drop table if exists whatsapp_messages`.execute(db);
  await sql`alter table chat_attachments drop constraint chat_attachments_kind_check`.execute(db);
  await sql`alter table chat_attachments add constraint chat_attachments_kind_check check (kind in ('image', 'document'))`.execute(db);
  await sql`alter table chat_attachments alter column uploader_id set not null`.execute(db);
}
