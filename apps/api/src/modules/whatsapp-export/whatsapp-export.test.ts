import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { zipOf } from '../../test/xlsx-files.js';
import { fileBlob } from '../../test/file-blob.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

function exportForm(bytes: Uint8Array, fileName: string, seller?: string): FormData {
  const form = new FormData();
  if (seller !== undefined) form.append('seller', seller);
  form.append('file', fileBlob(bytes), fileName);
  return form;
}

interface StoredMessage {
  direction: string;
  kind: string;
  body: string | null;
  author_name: string | null;
  status: string;
  sent_at: Date;
  details: Record<string, unknown>;
  attachment_id: number | null;
}

describeWithServer('importing a chat exported from WhatsApp', (server) => {
  let admin: ApiClient;
  let manager: ApiClient;
  let seller: ApiClient;
  let sellerId: number;
  let otherSeller: ApiClient;

  const madrid = { country: 'ES', currency: 'EUR', locale: 'es-ES', timeZone: 'Europe/Madrid', workingDays: [1, 2, 3, 4, 5] };

  beforeAll(async () => {
    const names = { admin: uniqueName('admin'), manager: uniqueName('manager'), seller: uniqueName('seller'), other: uniqueName('other') };
    await createUser(server(), { username: names.admin, systemRole: 'admin' });
    await createUser(server(), { username: names.manager, systemRole: 'manager', firstName: 'Carla' });
    sellerId = (await createUser(server(), { username: names.seller, firstName: 'Loris', lastName: 'Bianchi' })).id;
    await createUser(server(), { username: names.other });
    admin = await loginAs(server(), names.admin);
    manager = await loginAs(server(), names.manager);
    seller = await loginAs(server(), names.seller);
    otherSeller = await loginAs(server(), names.other);
    expect((await admin.put('/api/settings/team', madrid)).status).toBe(200);
  });

  const newLead = async (assignedTo: number | null = null) => {
    const created = await manager.post('/api/leads', {
      name: uniqueName('Chat '),
      email: `${uniqueName('w')}@ejemplo.es`,
      category: 'retail',
      description: 'Tienda',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    if (assignedTo !== null) expect((await manager.put(`/api/leads/${id}/assign`, { assignedTo })).status).toBe(200);
    return id;
  };

  const messagesOf = async (leadId: number) =>
    (
      await sql<StoredMessage>`select direction, kind, body, author_name, status, sent_at, details, attachment_id
        from whatsapp_messages where lead_id = ${leadId} and origin = 'export' order by sent_at, id`.execute(server().ctx.db)
    ).rows;

  const importChat = (client: ApiClient, leadId: number, bytes: Uint8Array, fileName: string, sellerName?: string) =>
    client.post(`/api/leads/${leadId}/whatsapp/export`, exportForm(bytes, fileName, sellerName));

  describe('reading the exports', () => {
    it('previews an Android export in Spanish: participants, the seller by the user’s name, counts and dates in the team’s zone', async () => {
      const leadId = await newLead(sellerId);
      const preview = await seller.post(
        `/api/leads/${leadId}/whatsapp/export/preview`,
        exportForm(fixture('android-es-12h.txt'), 'chat.txt'),
      );
      expect(preview.status).toBe(200);
      expect(preview.body).toEqual({
        fileName: 'chat.txt',
        participants: ['Luke', 'Loris'],
        suggestedSeller: 'Loris',
        messageCount: 5,
        newCount: 5,
        mediaCount: 0,
        // 06/03/2017 00:45 and 23/06/2018 13:57 in Madrid (CET, then CEST).
        firstAt: '2017-03-05T23:45:00.000Z',
        lastAt: '2018-06-23T11:57:00.000Z',
        timeZone: 'Europe/Madrid',
      });
      // A preview writes nothing.
      expect(await messagesOf(leadId)).toEqual([]);
    });

    it('imports it: the seller’s messages outbound, the rest inbound, 12-hour times, a multi-line message, system lines and omitted media', async () => {
      const leadId = await newLead(sellerId);
      const response = await importChat(seller, leadId, fixture('android-es-12h.txt'), 'Chat de WhatsApp con Luke.txt', 'Loris');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ added: 5, alreadyThere: 0, attachments: 0, skippedMedia: [] });
      const rows = await messagesOf(leadId);
      expect(rows.map((row) => [row.direction, row.kind, row.author_name, row.body, row.status, row.sent_at.toISOString()])).toEqual([
        [
          'inbound',
          'system',
          null,
          'Los mensajes y las llamadas están cifrados de extremo a extremo.',
          'received',
          '2017-03-05T23:45:00.000Z',
        ],
        ['inbound', 'text', 'Luke', 'Hey!', 'received', '2018-06-22T23:55:00.000Z'],
        ['outbound', 'text', 'Loris', 'one\ntwo', 'sent', '2018-06-23T11:55:00.000Z'],
        ['outbound', 'system', 'Loris', '<Multimedia omitido>', 'sent', '2018-06-23T11:56:00.000Z'],
        // A .txt without its media: the message says which file it was.
        ['inbound', 'text', 'Luke', 'IMG-20210428-WA0001.jpg (archivo adjunto)', 'received', '2018-06-23T11:57:00.000Z'],
      ]);
      expect(rows[3]?.details).toEqual({ mediaOmitted: true });
      expect(rows[4]?.details).toEqual({ fileName: 'IMG-20210428-WA0001.jpg' });
      const conversation = await sql<{ last_message_at: Date; unread_count: number }>`
        select last_message_at, unread_count from whatsapp_conversations where lead_id = ${leadId}`.execute(server().ctx.db);
      expect(conversation.rows).toEqual([{ last_message_at: new Date('2018-06-23T11:57:00.000Z'), unread_count: 0 }]);
    });

    it('reads Android in English (24 and 12 hours, a phone number as author) and iOS in English (seconds, notices)', async () => {
      const android24 = await newLead();
      expect(
        (await importChat(admin, android24, fixture('android-en-24h.txt'), 'WhatsApp Chat with Sample.txt', 'Sample User')).body.added,
      ).toBe(5);
      const rows24 = await messagesOf(android24);
      expect(rows24.map((row) => [row.direction, row.kind, row.author_name])).toEqual([
        ['inbound', 'system', null],
        ['inbound', 'system', null],
        ['outbound', 'text', 'Sample User'],
        ['inbound', 'text', 'TestBot'],
        ['inbound', 'text', '+410123456789'],
      ]);
      expect(rows24[4]?.body).toBe('How are you?\n\nIs everything alright?');
      // 09/04/2017 01:50: month first, read from the dates of the whole file.
      expect(rows24[4]?.sent_at.toISOString()).toBe('2017-09-03T23:50:00.000Z');

      const android12 = await newLead();
      expect((await importChat(admin, android12, fixture('android-en-12h.txt'), 'chat.txt', 'a')).status).toBe(200);
      expect((await messagesOf(android12)).map((row) => [row.direction, row.kind, row.body, row.sent_at.toISOString()])).toEqual([
        // 3/6/18 alone says nothing of the order: the parser's default, days first (3 June).
        ['outbound', 'text', 'm', '2018-06-03T11:55:00.000Z'],
        ['inbound', 'system', '<Media omitted>', '2018-06-03T11:56:00.000Z'],
        ['outbound', 'text', 'IMG-20210428-WA0001.jpg (file attached)', '2018-06-03T11:57:00.000Z'],
      ]);

      const ios = await newLead();
      expect((await importChat(admin, ios, fixture('ios-en-24h.txt'), '_chat.txt', 'Loris')).status).toBe(200);
      expect((await messagesOf(ios)).map((row) => [row.direction, row.kind, row.author_name, row.body, row.sent_at.toISOString()])).toEqual(
        [
          ['inbound', 'text', 'a', 'm', '2018-06-13T19:25:15.000Z'],
          ['outbound', 'text', 'Loris', '<attached: 00000042-PHOTO-2020-06-07-15-13-20.jpg>', '2018-06-13T19:26:00.000Z'],
          ['outbound', 'system', 'Loris', 'image omitted', '2018-06-13T19:27:00.000Z'],
        ],
      );
    });

    it('reads the times in the team’s zone, whatever it is', async () => {
      const leadId = await newLead();
      expect((await admin.put('/api/settings/team', { ...madrid, timeZone: 'America/Argentina/Buenos_Aires' })).status).toBe(200);
      try {
        expect((await importChat(admin, leadId, fixture('ios-en-24h.txt'), '_chat.txt', 'a')).status).toBe(200);
      } finally {
        expect((await admin.put('/api/settings/team', madrid)).status).toBe(200);
      }
      // 13/06/18 21:25:15 in Buenos Aires (UTC−3).
      expect((await messagesOf(leadId))[0]?.sent_at.toISOString()).toBe('2018-06-14T00:25:15.000Z');
    });
  });

  describe('the zip with the media', () => {
    it('keeps an Android photo as an image attachment of the conversation, re-encoded like the chat’s', async () => {
      const leadId = await newLead();
      const preview = await admin.post(
        `/api/leads/${leadId}/whatsapp/export/preview`,
        exportForm(fixture('android-es.zip'), 'WhatsApp Chat.zip'),
      );
      expect(preview.body).toMatchObject({ messageCount: 5, mediaCount: 1, participants: ['Luke', 'Loris'] });
      const response = await importChat(admin, leadId, fixture('android-es.zip'), 'WhatsApp Chat.zip', 'Loris');
      expect(response.body).toEqual({ added: 5, alreadyThere: 0, attachments: 1, skippedMedia: [] });
      const photo = (await messagesOf(leadId))[4];
      expect(photo).toMatchObject({ kind: 'image', direction: 'inbound', body: null, details: { fileName: 'IMG-20210428-WA0001.jpg' } });
      const attachment = await sql<{ kind: string; content_type: string; file_name: string; uploader_id: number | null; width: number }>`
        select kind, content_type, file_name, uploader_id, width from chat_attachments where id = ${photo?.attachment_id}`.execute(
        server().ctx.db,
      );
      expect(attachment.rows).toEqual([
        { kind: 'image', content_type: 'image/webp', file_name: 'IMG-20210428-WA0001.webp', uploader_id: null, width: 493 },
      ]);
      // Whoever reads the lead downloads it.
      const download = await fetch(new URL(`/api/chat/attachments/${photo?.attachment_id}`, server().url), {
        headers: { cookie: otherSeller.cookies.header() },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('image/webp');
    });

    it('reads an iOS zip’s _chat.txt in Spanish (12 hours with seconds) and its <adjunto: …>', async () => {
      const leadId = await newLead();
      const response = await importChat(admin, leadId, fixture('ios-es.zip'), 'Chat.zip', 'Loris');
      expect(response.body).toEqual({ added: 5, alreadyThere: 0, attachments: 1, skippedMedia: [] });
      expect((await messagesOf(leadId)).map((row) => [row.kind, row.author_name, row.body, row.sent_at.toISOString()])).toEqual([
        ['system', null, 'Los mensajes y las llamadas están cifrados de extremo a extremo.', '2018-06-03T11:54:00.000Z'],
        ['text', 'a', 'm', '2018-06-03T11:55:00.000Z'],
        ['text', 'a', 'm', '2018-06-03T11:55:00.000Z'],
        ['image', 'Loris', null, '2018-06-03T11:56:00.000Z'],
        ['system', 'Loris', 'imagen omitida', '2018-06-03T11:57:00.000Z'],
      ]);
    });

    it('keeps the message of a file it cannot keep, saying why: missing, over 10 MB, or of no accepted type', async () => {
      const leadId = await newLead();
      const chat = [
        '23/06/2018, 01:55 p.m. - Luke: IMG-20210428-WA0001.jpg (archivo adjunto)',
        '23/06/2018, 01:56 p.m. - Luke: IMG-20210428-WA0002.jpg (archivo adjunto)',
        '23/06/2018, 01:57 p.m. - Luke: DOC-20210428-WA0003.exe (archivo adjunto)',
        '23/06/2018, 01:58 p.m. - Loris: one',
      ].join('\n');
      const zip = zipOf([
        { name: 'Chat de WhatsApp con Luke.txt', data: chat },
        // Over the chat's 10 MB, random so it does not compress into a zip bomb.
        { name: 'IMG-20210428-WA0002.jpg', data: randomBytes(10 * 1024 * 1024 + 1) },
        { name: 'DOC-20210428-WA0003.exe', data: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]) },
      ]);
      const response = await importChat(admin, leadId, zip, 'chat.zip', 'Loris');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        added: 4,
        alreadyThere: 0,
        attachments: 0,
        skippedMedia: [
          { fileName: 'IMG-20210428-WA0001.jpg', reason: 'No está en el .zip' },
          { fileName: 'IMG-20210428-WA0002.jpg', reason: 'Supera 10 MB' },
          { fileName: 'DOC-20210428-WA0003.exe', reason: 'Tipo de archivo no admitido' },
        ],
      });
      expect((await messagesOf(leadId)).map((row) => row.kind)).toEqual(['text', 'text', 'text', 'text']);
    });
  });

  describe('importing again', () => {
    it('adds only what a longer export of the same chat has new, a repeated message counted by its repeats', async () => {
      const leadId = await newLead();
      const full = fixture('ios-es-12h.txt').toString('utf8');
      const shorter = full.split('\n').slice(0, 2).join('\n');
      const first = await importChat(admin, leadId, Buffer.from(shorter), '_chat.txt', 'a');
      expect(first.body).toMatchObject({ added: 2, alreadyThere: 0 });
      const preview = await admin.post(`/api/leads/${leadId}/whatsapp/export/preview`, exportForm(Buffer.from(full), '_chat.txt'));
      expect(preview.body).toMatchObject({ messageCount: 5, newCount: 3 });
      const second = await importChat(admin, leadId, Buffer.from(full), '_chat.txt', 'a');
      // The second 'a: m' of the same second is new: the first one is already there.
      expect(second.body).toMatchObject({ added: 3, alreadyThere: 2 });
      const again = await importChat(admin, leadId, Buffer.from(full), '_chat.txt', 'a');
      expect(again.body).toEqual({ added: 0, alreadyThere: 5, attachments: 0, skippedMedia: [] });
      expect(await messagesOf(leadId)).toHaveLength(5);
    });

    it('keeps each message once when two people import the same chat at the same moment', async () => {
      const leadId = await newLead();
      const [one, two] = await Promise.all([
        importChat(admin, leadId, fixture('android-en-24h.txt'), 'a.txt', 'TestBot'),
        importChat(manager, leadId, fixture('android-en-24h.txt'), 'b.txt', 'TestBot'),
      ]);
      expect([one?.status, two?.status]).toEqual([200, 200]);
      expect((one?.body.added as number) + (two?.body.added as number)).toBe(5);
      expect(await messagesOf(leadId)).toHaveLength(5);
    });

    it('writes who imported how many into the lead’s history, and nothing when nothing was new', async () => {
      const leadId = await newLead(sellerId);
      await importChat(seller, leadId, fixture('android-es-12h.txt'), 'chat.txt', 'Loris');
      await importChat(seller, leadId, fixture('android-es-12h.txt'), 'chat.txt', 'Loris');
      const history = await seller.get(`/api/leads/${leadId}/history`);
      const imports = (history.body as { type: string; actor: { id: number }; changes: unknown }[]).filter(
        (entry) => entry.type === 'whatsapp_imported',
      );
      expect(imports).toEqual([
        expect.objectContaining({
          actor: expect.objectContaining({ id: sellerId }),
          changes: { fileName: 'chat.txt', seller: 'Loris', added: 5, alreadyThere: 0, attachments: 0 },
        }),
      ]);
    });
  });

  describe('refusals', () => {
    it('lets a Vendedor import only on his own leads, and answers 404 for a lead that does not exist', async () => {
      const othersLead = await newLead(sellerId);
      const refused = await importChat(otherSeller, othersLead, fixture('android-es-12h.txt'), 'chat.txt', 'Loris');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(
        'Solo puedes importar chats de WhatsApp en tus leads (los asignados a ti, o sin asignar que contactaste tú)',
      );
      const preview = await otherSeller.post(
        `/api/leads/${othersLead}/whatsapp/export/preview`,
        exportForm(fixture('android-es-12h.txt'), 'chat.txt'),
      );
      expect(preview.status).toBe(403);
      const unassigned = await newLead();
      expect((await importChat(seller, unassigned, fixture('android-es-12h.txt'), 'chat.txt', 'Loris')).status).toBe(403);
      expect((await importChat(manager, othersLead, fixture('android-es-12h.txt'), 'chat.txt', 'Loris')).status).toBe(200);
      const missing = await importChat(admin, 999_999, fixture('android-es-12h.txt'), 'chat.txt', 'Loris');
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Lead no encontrado');
      expect(
        (
          await new ApiClient(server().url).post(
            `/api/leads/${othersLead}/whatsapp/export`,
            exportForm(fixture('android-es-12h.txt'), 'c.txt', 'Loris'),
          )
        ).status,
      ).toBe(401);
      expect(await messagesOf(unassigned)).toEqual([]);
    });

    it('asks for a seller who is in the chat', async () => {
      const leadId = await newLead();
      const none = await importChat(admin, leadId, fixture('android-es-12h.txt'), 'chat.txt');
      expect(none.status).toBe(400);
      expect(none.body.message).toBe('Indica qué participante es el vendedor');
      const stranger = await importChat(admin, leadId, fixture('android-es-12h.txt'), 'chat.txt', 'Pedro');
      expect(stranger.status).toBe(400);
      expect(stranger.body.message).toBe('Ese participante no está en el chat');
      expect(await messagesOf(leadId)).toEqual([]);
    });

    it('refuses what is not an exported chat, in Spanish', async () => {
      const leadId = await newLead();
      const expectRefusal = async (bytes: Uint8Array, fileName: string, message: string) => {
        const response = await importChat(admin, leadId, bytes, fileName, 'Loris');
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(message);
      };
      await expectRefusal(
        Buffer.from('Nombre;Email\nAna;ana@x.es\n'),
        'leads.csv',
        'El archivo no tiene mensajes de WhatsApp que se puedan leer',
      );
      await expectRefusal(
        Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]),
        'chat.txt',
        'El archivo no es un chat exportado de WhatsApp: sube el .txt o el .zip que crea «Exportar chat»',
      );
      await expectRefusal(Buffer.alloc(0), 'chat.txt', 'El archivo no tiene mensajes de WhatsApp que se puedan leer');
      await expectRefusal(
        zipOf([{ name: 'foto.jpg', data: 'x' }]),
        'chat.zip',
        'El .zip no tiene el chat: busca el _chat.txt (iPhone) o «Chat de WhatsApp con ….txt» (Android)',
      );
      await expectRefusal(
        Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]),
        'chat.zip',
        'El .zip está dañado o no se puede leer',
      );
      const noFile = await admin.post(
        `/api/leads/${leadId}/whatsapp/export`,
        (() => {
          const form = new FormData();
          form.append('seller', 'Loris');
          return form;
        })(),
      );
      expect(noFile.status).toBe(400);
      expect(noFile.body.message).toBe('Sube el chat exportado de WhatsApp (.txt o .zip)');
      expect(await messagesOf(leadId)).toEqual([]);
    });

    it('bounds every size before spending it: the upload, the inflated chat, a zip bomb, a lying size', async () => {
      const leadId = await newLead();
      const tooBig = await importChat(admin, leadId, Buffer.alloc(64 * 1024 * 1024 + 1, 0x61), 'chat.txt', 'Loris');
      expect(tooBig.status).toBe(413);
      expect(tooBig.body.message).toBe('El archivo supera 64 MB: exporta el chat sin archivos multimedia');

      const chat = '23/06/2018, 01:55 p.m. - Luke: IMG-20210428-WA0001.jpg (archivo adjunto)\n23/06/2018, 01:56 p.m. - Loris: one\n';
      const bigChat = zipOf([{ name: '_chat.txt', data: Buffer.concat([Buffer.from(chat), Buffer.alloc(33 * 1024 * 1024, 0x20)]) }]);
      const chatRefused = await importChat(admin, leadId, bigChat, 'chat.zip', 'Loris');
      expect(chatRefused.status).toBe(400);
      expect(chatRefused.body.message).toBe('El chat se descomprime a más de 32 MB: no se lee');

      const bomb = zipOf([
        { name: '_chat.txt', data: chat },
        { name: 'IMG-20210428-WA0001.jpg', data: Buffer.alloc(9 * 1024 * 1024) },
      ]);
      const bombRefused = await importChat(admin, leadId, bomb, 'chat.zip', 'Loris');
      expect(bombRefused.status).toBe(400);
      expect(bombRefused.body.message).toBe(
        'El .zip no se lee: uno de sus archivos se descomprime a más de 100 veces su tamaño, como hace un archivo malicioso',
      );

      // A chat that says it is 100 bytes and inflates to more: yauzl stops it at the declared size.
      const real = Buffer.from(chat.repeat(50));
      const lying = zipOf([{ name: '_chat.txt', data: { deflated: deflateRawSync(real), declaredSize: 100, crc: crc32(real) } }]);
      const lyingRefused = await importChat(admin, leadId, lying, 'chat.zip', 'Loris');
      expect(lyingRefused.status).toBe(400);
      expect(lyingRefused.body.message).toBe('El .zip está dañado o no se puede leer');

      const manyEntries = zipOf(
        Array.from({ length: 2_001 }, (_, index) => ({
          name: index === 0 ? '_chat.txt' : `f${index}.jpg`,
          data: index === 0 ? chat : 'x',
        })),
      );
      const manyRefused = await importChat(admin, leadId, manyEntries, 'chat.zip', 'Loris');
      expect(manyRefused.status).toBe(400);
      expect(manyRefused.body.message).toBe('El .zip tiene más de 2000 archivos: no se lee');
      expect(await messagesOf(leadId)).toEqual([]);
    });
  });
});
