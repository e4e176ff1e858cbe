import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS } from '../transport.js';
import { chatPreview, formatUnreadBadge } from '../format/chat-preview.js';
import { sendMessageSchema, wsClientFrameSchema, wsServerFrameSchema } from './chat.js';

describe('sendMessageSchema', () => {
  it('trims the message', () => {
    expect(sendMessageSchema.parse({ receiverId: '2', message: '  hola  ' })).toEqual({ receiverId: 2, message: 'hola' });
  });

  it.each(['', '   ', '\n\t'])('refuses an empty message (%j)', (message) => {
    expect(sendMessageSchema.safeParse({ receiverId: 2, message }).error?.issues[0]?.message).toBe('El mensaje no puede estar vacío');
  });

  it('allows 4000 characters and refuses 4001', () => {
    expect(sendMessageSchema.safeParse({ receiverId: 2, message: 'a'.repeat(4000) }).success).toBe(true);
    expect(sendMessageSchema.safeParse({ receiverId: 2, message: 'a'.repeat(4001) }).error?.issues[0]?.message).toBe(
      'El mensaje no puede superar 4000 caracteres',
    );
  });

  it('counts the length after trimming', () => {
    expect(sendMessageSchema.safeParse({ receiverId: 2, message: ` ${'a'.repeat(4000)} ` }).success).toBe(true);
  });

  it('needs a receiver', () => {
    expect(sendMessageSchema.safeParse({ message: 'hola' }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ receiverId: 0, message: 'hola' }).success).toBe(false);
  });
});

describe('wsClientFrameSchema', () => {
  it('accepts a chat frame', () => {
    expect(wsClientFrameSchema.parse({ type: 'chat', receiverId: 3, content: ' hi ' })).toEqual({
      type: 'chat',
      receiverId: 3,
      content: 'hi',
    });
  });

  it('refuses other frame types and empty content', () => {
    expect(wsClientFrameSchema.safeParse({ type: 'ping', receiverId: 3, content: 'x' }).success).toBe(false);
    expect(wsClientFrameSchema.safeParse({ type: 'chat', receiverId: 3, content: ' ' }).success).toBe(false);
  });
});

describe('wsServerFrameSchema', () => {
  it('reads a chat frame with its date', () => {
    const frame = wsServerFrameSchema.parse({
      type: 'chat',
      message: {
        id: 1,
        senderId: 2,
        receiverId: 3,
        channelId: null,
        message: 'hola',
        createdAt: '2024-06-15T10:00:00.000Z',
        isRead: false,
        attachment: null,
        lead: null,
      },
    });
    expect(frame.type === 'chat' && frame.message.createdAt).toEqual(new Date('2024-06-15T10:00:00.000Z'));
  });

  it('reads read receipts and errors', () => {
    expect(wsServerFrameSchema.parse({ type: 'read', messageIds: [1, 2], readerId: 3 }).type).toBe('read');
    expect(wsServerFrameSchema.parse({ type: 'error', message: 'Mensaje no válido' }).type).toBe('error');
  });

  it("reads a channel's read receipt and a typing frame", () => {
    expect(wsServerFrameSchema.parse({ type: 'read', channelId: 4, readerId: 3, upToId: 90 })).toEqual({
      type: 'read',
      channelId: 4,
      readerId: 3,
      upToId: 90,
    });
    expect(wsServerFrameSchema.parse({ type: 'typing', userId: 3, channelId: 4 }).type).toBe('typing');
  });
});

describe('sendMessageSchema with channels and attachments', () => {
  it('takes a channel instead of a receiver, never both or neither', () => {
    expect(sendMessageSchema.parse({ channelId: '4', message: 'hola' })).toEqual({ channelId: 4, message: 'hola' });
    expect(sendMessageSchema.safeParse({ channelId: 4, receiverId: 2, message: 'hola' }).error?.issues[0]?.message).toBe(
      'Indica un destinatario o un canal, no ambos',
    );
    expect(sendMessageSchema.safeParse({ message: 'hola' }).success).toBe(false);
  });

  it('lets the text be empty beside an attachment or a lead, never alone', () => {
    expect(sendMessageSchema.parse({ channelId: 4, attachmentId: 9 })).toEqual({ channelId: 4, message: '', attachmentId: 9 });
    expect(sendMessageSchema.parse({ receiverId: 2, message: ' ', leadId: 5 })).toEqual({ receiverId: 2, message: '', leadId: 5 });
    expect(sendMessageSchema.safeParse({ channelId: 4, message: '  ' }).error?.issues[0]?.message).toBe('El mensaje no puede estar vacío');
  });

  it('reads typing and channel frames on /ws', () => {
    expect(wsClientFrameSchema.parse({ type: 'typing', channelId: 4 })).toEqual({ type: 'typing', channelId: 4 });
    expect(wsClientFrameSchema.parse({ type: 'chat', channelId: 4, content: 'hola' })).toEqual({
      type: 'chat',
      channelId: 4,
      content: 'hola',
    });
    expect(wsClientFrameSchema.safeParse({ type: 'typing' }).success).toBe(false);
  });
});

describe('CHAT_LIMITS', () => {
  it('holds the spec and contract numbers', () => {
    expect(CHAT_LIMITS).toEqual({
      maxMessageLength: 4000,
      maxFrameBytes: 65536,
      rate: { messages: 20, windowMs: 10000 },
      reconnectDelayMs: 3000,
      normalCloseCode: 1000,
    });
  });
});

describe('formatUnreadBadge', () => {
  it.each([
    [0, null],
    [-1, null],
    [Number.NaN, null],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('shows %s as %j', (count, expected) => {
    expect(formatUnreadBadge(count)).toBe(expected);
  });
});

describe('chatPreview', () => {
  it('prefixes own messages with Tú:', () => {
    expect(chatPreview({ message: 'hola', senderId: 1 }, 1)).toBe('Tú: hola');
    expect(chatPreview({ message: 'hola', senderId: 2 }, 1)).toBe('hola');
  });
});

describe('chat text with a NUL character', () => {
  it('is refused with the Spanish message instead of reaching the database', () => {
    const result = sendMessageSchema.safeParse({ receiverId: 2, message: 'hola\u0000' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('El texto contiene caracteres no válidos');
  });
});
