/** Public API of @crm/db. */
export { createDb, databaseKindOf, IN_MEMORY_DATA_DIR, type CreateDbOptions, type DbHandle, type DbKind } from './create-db.js';
export type { Db, DbOrTrx } from './types.js';
export { PGliteDialect, type PGliteDialectConfig } from './dialect/pglite-dialect.js';
export { migrateToLatest } from './migrations/migrator.js';
export { createListenClient, type ListenClient } from './listen-client.js';
export * from './locks.js';
export { UNIQUE_INDEXES, uniqueViolationOf } from './unique-violation.js';
export type { Database } from './database.js';
export type * from './database.js';

// Repositories: plain functions taking db | trx first.
export * from './repositories/users.repository.js';
export * from './repositories/sessions.repository.js';
export * from './repositories/login-attempts.repository.js';
export * from './repositories/activities.repository.js';
export * from './repositories/analytics.repository.js';
export * from './repositories/custom-roles.repository.js';
export * from './repositories/profile-images.repository.js';
export * from './repositories/team.repository.js';
export * from './repositories/presence.repository.js';
export * from './repositories/chat.repository.js';
export * from './repositories/chat-channels.repository.js';
export * from './repositories/chat-attachments.repository.js';
export * from './repositories/leads.repository.js';
export * from './repositories/lead-groups.repository.js';
export * from './repositories/tracking.repository.js';
export * from './repositories/import-jobs.repository.js';
export * from './repositories/import-job-keys.repository.js';
export * from './repositories/lead-duplicates.repository.js';
export * from './repositories/distribution.repository.js';
export * from './repositories/search.repository.js';
export * from './repositories/lead-bulk.repository.js';
export * from './repositories/lead-history.repository.js';
export * from './repositories/lead-notes.repository.js';
export * from './repositories/follow-ups.repository.js';
export * from './repositories/notifications.repository.js';
export * from './repositories/lead-merge.repository.js';
export * from './repositories/saved-views.repository.js';
