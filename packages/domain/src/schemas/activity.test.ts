import { describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES, activitySchema } from './activity.js';

describe('activitySchema', () => {
  it('knows the activity types the server writes', () => {
    expect(ACTIVITY_TYPES).toEqual([
      'lead_created',
      'lead_converted',
      'message_sent',
      'group_created',
      'lead_contacted',
      'user_created',
      'lead_deleted',
    ]);
  });

  it('describes the activity DTO', () => {
    const activity = { id: 1, type: 'group_created', description: 'Grupo Feria creado', createdAt: new Date() };
    expect(activitySchema.parse(activity)).toEqual(activity);
  });

  it('accepts stored types it does not know, which the feed shows with the default look', () => {
    expect(activitySchema.safeParse({ id: 1, type: 'legacy_event', description: 'x', createdAt: new Date() }).success).toBe(true);
  });
});
