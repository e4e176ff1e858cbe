/** Recognises PostgreSQL's unique_violation (23505) and the index it names. */

/** The unique indexes a write can break, by what they keep unique. */
export const UNIQUE_INDEXES = {
  userEmail: 'users_email_lower_key',
  username: 'users_username_lower_key',
  customRoleName: 'custom_roles_name_key',
  trackingLead: 'conversation_tracking_lead_id_key',
  savedViewName: 'saved_views_user_name_key',
  leadEmail: 'leads_email_key_unique',
  leadPhone: 'leads_phone_key_unique',
  apiTokenHash: 'api_tokens_token_hash_key',
  webFormSlug: 'web_forms_slug_unique',
  customFieldKey: 'custom_field_definitions_entity_key_key',
  tagName: 'tags_name_key_idx',
  teamName: 'teams_name_key',
  teamManager: 'teams_manager_id_key',
} as const;

/** The name of the unique constraint or index a write broke, or undefined for any other error. */
export function uniqueViolationOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code !== '23505') return undefined;
  return typeof constraint === 'string' ? constraint : '';
}
