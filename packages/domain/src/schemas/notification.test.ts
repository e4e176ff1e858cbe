import { describe, expect, it } from 'vitest';
import { notificationPath } from '../format/notification-path.js';
import { mentionedUsernames } from './notification.js';

describe('mentionedUsernames', () => {
  it('finds @usuario at the start, after spaces and punctuation, lowercased and once each', () => {
    expect(mentionedUsernames('@Ana hola, (@bea.lopez) y @ana.')).toEqual(['ana', 'bea.lopez']);
  });

  it('does not take an email address for a mention', () => {
    expect(mentionedUsernames('escribe a ana@ejemplo.es')).toEqual([]);
  });
});

describe('notificationPath', () => {
  const base = { id: 5, kind: 'lead_assigned' as const, leadId: null, groupId: null, channelId: null, senderId: null, count: 1 };

  it('opens the lead, the group, the channel or the one-to-one conversation', () => {
    expect(notificationPath({ ...base, leadId: 7 })).toBe('/leads/7');
    expect(notificationPath({ ...base, leadId: 7, count: 3 })).toBe('/leads?aviso=5');
    expect(notificationPath({ ...base, leadId: 7, count: 3, groupId: 2 })).toBe('/leads?aviso=5');
    expect(notificationPath({ ...base, kind: 'import_finished', groupId: 2 })).toBe('/leads?grupo=2');
    expect(notificationPath({ ...base, kind: 'mention', channelId: 4 })).toBe('/chat?canal=4');
    expect(notificationPath({ ...base, kind: 'chat_message', senderId: 9 })).toBe('/chat?con=9');
  });
});
