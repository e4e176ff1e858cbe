/** Runs the migrations from a static list, so the built package needs no file-system scan. */
import { createHash } from 'node:crypto';
import { type Kysely, type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely';
import * as initialSchema from './2026-11-22T0700-initial-schema.js';
import * as liveConnections from './2026-11-22T0810-live-connections.js';
import * as liveConnectionsUnlogged from './2026-11-22T0830-live-connections-unlogged.js';
import * as leadsSearchAndDedup from './2026-11-22T0820-leads-search-and-dedup.js';
import * as dashboardIndexes from './2026-11-22T0840-dashboard-indexes.js';
import * as leadsLeanIndexes from './2026-11-22T0850-leads-lean-indexes.js';
import * as loginThrottle from './2026-11-22T1000-login-throttle.js';
import * as usersDeactivated from './2026-11-22T1200-users-deactivated.js';
import * as leadGroupDeletion from './2026-11-22T1300-lead-group-deletion.js';
import * as importJobs from './2026-11-22T1400-import-jobs.js';
import * as importJobUpdates from './2026-11-22T1401-import-job-updates.js';
import * as leadWorkspace from './2026-11-22T1500-lead-workspace.js';
import * as distribution from './2026-11-22T1600-distribution.js';
import * as chatChannels from './2026-11-22T1700-chat-channels.js';
import * as chatAttachmentChunks from './2026-11-22T1701-chat-attachment-chunks.js';
import * as notifications from './2026-11-22T1800-notifications.js';
import * as assigneeSort from './2026-11-22T1900-assignee-sort.js';
import * as savedViews from './2026-11-22T2000-saved-views.js';
import * as leadSearchTable from './2026-11-22T2100-lead-search-table.js';
import * as assigneeNameOnAssignedInserts from './2026-11-22T2300-assignee-name-on-assigned-inserts.js';
import * as importJobKeys from './2026-11-22T2310-import-job-keys.js';
import * as leadsFewerIndexes from './2026-11-22T2320-leads-fewer-indexes.js';
import * as chatSendTimes from './2026-11-22T2330-chat-send-times.js';
import * as chatViewing from './2026-11-22T2340-chat-viewing.js';
import * as stagedLeadTime from './2026-11-25T0900-staged-lead-time.js';
import * as teamSettingsAndCalls from './2026-11-26T0900-team-settings-and-calls.js';
import * as importStagingAndUniqueKeys from './2026-11-27T1000-import-staging-and-unique-keys.js';
import * as chatAttachmentQuota from './2026-11-27T1500-chat-attachment-quota.js';
import * as apiTokens from './2026-11-27T1700-api-tokens.js';
import * as webhooks from './2026-11-27T1700-webhooks.js';
import * as webForms from './2026-11-27T1800-web-forms.js';
import * as workBudgets from './2026-11-27T1900-work-budgets.js';
import * as auditLog from './2026-11-27T1910-audit-log.js';
import * as secondFactor from './2026-11-27T1700-second-factor.js';
import * as customFields from './2026-11-27T2020-custom-fields.js';
import * as dealsAndTags from './2026-11-27T2010-deals-and-tags.js';
import * as contacts from './2026-11-27T2000-contacts.js';
import * as whatsapp from './2026-11-27T2030-whatsapp.js';
import * as whatsappCloud from './2026-11-27T2040-whatsapp-cloud.js';
import * as teamsAndLeadVisibility from './2026-11-27T2050-teams-and-lead-visibility.js';
import * as workSlots from './2026-11-28T0200-work-slots.js';
import * as webFormFollowUps from './2026-11-28T0300-web-form-follow-ups.js';
import * as importRowsWithoutLeadId from './2026-11-28T1200-import-rows-without-lead-id.js';
import * as importRowsPublishedByChunk from './2026-11-29T0500-import-rows-published-by-chunk.js';
import * as importFilesStoredPlain from './2026-11-29T1000-import-files-stored-plain.js';

/** Add each new migration here; names sort by their timestamp. */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22T0700-initial-schema': initialSchema,
  '2026-11-22T0810-live-connections': liveConnections,
  '2026-11-22T0830-live-connections-unlogged': liveConnectionsUnlogged,
  '2026-11-22T0820-leads-search-and-dedup': leadsSearchAndDedup,
  '2026-11-22T0840-dashboard-indexes': dashboardIndexes,
  '2026-11-22T0850-leads-lean-indexes': leadsLeanIndexes,
  '2026-11-22T1000-login-throttle': loginThrottle,
  '2026-11-22T1200-users-deactivated': usersDeactivated,
  '2026-11-22T1300-lead-group-deletion': leadGroupDeletion,
  '2026-11-22T1400-import-jobs': importJobs,
  '2026-11-22T1401-import-job-updates': importJobUpdates,
  '2026-11-22T1500-lead-workspace': leadWorkspace,
  '2026-11-22T1600-distribution': distribution,
  '2026-11-22T1700-chat-channels': chatChannels,
  '2026-11-22T1701-chat-attachment-chunks': chatAttachmentChunks,
  '2026-11-22T1800-notifications': notifications,
  '2026-11-22T1900-assignee-sort': assigneeSort,
  '2026-11-22T2000-saved-views': savedViews,
  '2026-11-22T2100-lead-search-table': leadSearchTable,
  '2026-11-22T2300-assignee-name-on-assigned-inserts': assigneeNameOnAssignedInserts,
  '2026-11-22T2310-import-job-keys': importJobKeys,
  '2026-11-22T2320-leads-fewer-indexes': leadsFewerIndexes,
  '2026-11-22T2330-chat-send-times': chatSendTimes,
  '2026-11-22T2340-chat-viewing': chatViewing,
  '2026-11-25T0900-staged-lead-time': stagedLeadTime,
  '2026-11-26T0900-team-settings-and-calls': teamSettingsAndCalls,
  '2026-11-27T1000-import-staging-and-unique-keys': importStagingAndUniqueKeys,
  '2026-11-27T1500-chat-attachment-quota': chatAttachmentQuota,
  '2026-11-27T1700-api-tokens': apiTokens,
  '2026-11-27T1700-webhooks': webhooks,
  '2026-11-27T1800-web-forms': webForms,
  '2026-11-27T1900-work-budgets': workBudgets,
  '2026-11-27T1910-audit-log': auditLog,
  '2026-11-27T1700-second-factor': secondFactor,
  '2026-11-27T2020-custom-fields': customFields,
  '2026-11-27T2010-deals-and-tags': dealsAndTags,
  '2026-11-27T2000-contacts': contacts,
  '2026-11-27T2030-whatsapp': whatsapp,
  '2026-11-27T2040-whatsapp-cloud': whatsappCloud,
  '2026-11-27T2050-teams-and-lead-visibility': teamsAndLeadVisibility,
  '2026-11-28T0200-work-slots': workSlots,
  '2026-11-28T0300-web-form-follow-ups': webFormFollowUps,
  '2026-11-28T1200-import-rows-without-lead-id': importRowsWithoutLeadId,
  '2026-11-29T0500-import-rows-published-by-chunk': importRowsPublishedByChunk,
  '2026-11-29T1000-import-files-stored-plain': importFilesStoredPlain,
};

/**
 * Changes whenever a migration is added, renamed or edited: names a migrated copy that test
 * databases start from, so a stale copy is never reused.
 */
export function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const [name, migration] of Object.entries(MIGRATIONS))
    hash.update(`${name}\n${migration.up.toString()}\n${migration.down?.toString() ?? ''}\n`);
  return hash.digest('hex').slice(0, 16);
}

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

// Kysely<any>: migrations run against whatever schema version the database is at.
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  await runMigrator(db, (migrator) => migrator.migrateToLatest());
}

/**
 * Up (or down) to exactly that migration: a database copied from another one must first have
 * the other's schema, and only then be migrated to latest.
 */
export async function migrateTo(db: Kysely<any>, migrationName: string): Promise<void> {
  if (!Object.hasOwn(MIGRATIONS, migrationName)) {
    throw new Error(`Migración desconocida para esta versión: ${migrationName} (¿datos de una versión más nueva?)`);
  }
  await runMigrator(db, (migrator) => migrator.migrateTo(migrationName));
}

async function runMigrator(db: Kysely<any>, run: (migrator: Migrator) => Promise<MigrationResultSet>): Promise<void> {
  const { error, results } = await run(new Migrator({ db, provider }));
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`La migración falló: ${failed?.migrationName ?? 'desconocida'}`, { cause: error });
  }
}
