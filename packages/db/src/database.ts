/** The Kysely table map: every table the app reads, by its SQL name. */
import type {
  ActivitiesTable,
  ChatAttachmentChunksTable,
  ChatAttachmentsTable,
  ChatChannelMembersTable,
  ChatChannelMembershipView,
  ChatChannelReadsTable,
  ChatSendTimesTable,
  ChatViewingTable,
  ChatChannelsTable,
  ChatMessagesTable,
} from './tables/chat.table.js';
import type {
  ConversationTrackingTable,
  LeadGroupsTable,
  LeadSearchTable,
  LeadsTable,
  LeadTagsTable,
  TagsTable,
} from './tables/leads.table.js';
import type { ImportJobChunksTable, ImportJobRejectsTable, ImportJobRowsTable, ImportJobsTable } from './tables/import-jobs.table.js';
import type { FollowUpsTable, LeadHistoryTable, LeadNotesTable } from './tables/lead-workspace.table.js';
import type { ContactsTable } from './tables/contacts.table.js';
import type { LiveConnectionsTable } from './tables/presence.table.js';
import type { NotificationLeadsTable, NotificationPreferencesTable, NotificationsTable } from './tables/notifications.table.js';
import type { TeamSettingsTable } from './tables/settings.table.js';
import type {
  WhatsAppConversationsTable,
  WhatsAppMessagesTable,
  WhatsAppSettingsTable,
  WhatsAppTemplatesTable,
} from './tables/whatsapp.table.js';
import type { CustomRolesTable, RoleLeadVisibilityTable, UserCustomRolesTable } from './tables/roles.table.js';
import type { SavedViewsTable } from './tables/saved-views.table.js';
import type { CustomFieldDefinitionsTable } from './tables/custom-fields.table.js';
import type { ApiTokensTable, ApiTokenUsageTable } from './tables/api-tokens.table.js';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from './tables/webhooks.table.js';
import type {
  AppSecretsTable,
  WebFormAddressHitsTable,
  WebFormSpentChallengesTable,
  WebFormSubmissionsTable,
  WebFormsTable,
} from './tables/web-forms.table.js';
import type { UserWorkBudgetsTable, UserWorkSlotsTable } from './tables/work-budgets.table.js';
import type { AuditLogTable } from './tables/audit-log.table.js';
import type {
  LoginChallengesTable,
  PasswordResetLinksTable,
  SecondFactorRecoveryCodesTable,
  TwoFactorRequirementsTable,
  UserSecondFactorsTable,
} from './tables/second-factor.table.js';
import type { LoginAttemptsTable, ProfileImagesTable, SessionsTable, TeamsTable, UsersTable } from './tables/users.table.js';

export interface Database {
  users: UsersTable;
  profile_images: ProfileImagesTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  custom_roles: CustomRolesTable;
  user_custom_roles: UserCustomRolesTable;
  role_lead_visibility: RoleLeadVisibilityTable;
  teams: TeamsTable;
  lead_groups: LeadGroupsTable;
  leads: LeadsTable;
  custom_field_definitions: CustomFieldDefinitionsTable;
  lead_search: LeadSearchTable;
  tags: TagsTable;
  lead_tags: LeadTagsTable;
  conversation_tracking: ConversationTrackingTable;
  chat_messages: ChatMessagesTable;
  chat_channels: ChatChannelsTable;
  chat_channel_members: ChatChannelMembersTable;
  chat_channel_membership: ChatChannelMembershipView;
  chat_channel_reads: ChatChannelReadsTable;
  chat_send_times: ChatSendTimesTable;
  chat_viewing: ChatViewingTable;
  chat_attachments: ChatAttachmentsTable;
  chat_attachment_chunks: ChatAttachmentChunksTable;
  activities: ActivitiesTable;
  live_connections: LiveConnectionsTable;
  import_jobs: ImportJobsTable;
  import_job_chunks: ImportJobChunksTable;
  import_job_rejects: ImportJobRejectsTable;
  import_job_rows: ImportJobRowsTable;
  lead_history: LeadHistoryTable;
  lead_notes: LeadNotesTable;
  contacts: ContactsTable;
  follow_ups: FollowUpsTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  notification_leads: NotificationLeadsTable;
  team_settings: TeamSettingsTable;
  saved_views: SavedViewsTable;
  api_tokens: ApiTokensTable;
  api_token_usage: ApiTokenUsageTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  web_forms: WebFormsTable;
  web_form_submissions: WebFormSubmissionsTable;
  web_form_address_hits: WebFormAddressHitsTable;
  web_form_spent_challenges: WebFormSpentChallengesTable;
  user_work_budgets: UserWorkBudgetsTable;
  user_work_slots: UserWorkSlotsTable;
  audit_log: AuditLogTable;
  app_secrets: AppSecretsTable;
  user_second_factors: UserSecondFactorsTable;
  second_factor_recovery_codes: SecondFactorRecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  two_factor_requirements: TwoFactorRequirementsTable;
  password_reset_links: PasswordResetLinksTable;
  whatsapp_messages: WhatsAppMessagesTable;
  whatsapp_conversations: WhatsAppConversationsTable;
  whatsapp_settings: WhatsAppSettingsTable;
  whatsapp_templates: WhatsAppTemplatesTable;
}

export type * from './tables/users.table.js';
export type * from './tables/roles.table.js';
export type * from './tables/leads.table.js';
export type * from './tables/chat.table.js';
export type * from './tables/whatsapp.table.js';
export type * from './tables/presence.table.js';
export type * from './tables/import-jobs.table.js';
export type * from './tables/notifications.table.js';
export type * from './tables/lead-workspace.table.js';
export type * from './tables/saved-views.table.js';
export type * from './tables/settings.table.js';
export type * from './tables/api-tokens.table.js';
export type * from './tables/webhooks.table.js';
export type * from './tables/web-forms.table.js';
export type * from './tables/work-budgets.table.js';
export type * from './tables/audit-log.table.js';
export type * from './tables/second-factor.table.js';
