/** The per-user attachment quota (CHAT_ATTACHMENT_QUOTA_MB, 1 MB here) and the sweep of uploads never sent. */
import { CHAT_ATTACHMENT_LIMITS, attachmentQuotaMessage } from '@crm/domain';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { BACKGROUND_JOBS } from '../../background-jobs.js';
import { loadEnv } from '../../env.js';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { dropUnsentAttachmentsJob } from './attachments.jobs.js';

const KB = 1024;

function textForm(bytes: number, filename = 'notas.txt'): FormData {
  const form = new FormData();
  form.append('file', new Blob([Buffer.alloc(bytes, 'a')], { type: 'text/plain' }), filename);
  return form;
}

describeWithServer(
  'the attachment quota and the sweep of unsent uploads',
  (server) => {
    const person = async (prefix: string) => {
      const user = await createUser(server(), { username: uniqueName(prefix) });
      return { id: user.id, client: await loginAs(server(), user.username) };
    };

    const storedOf = async (userId: number) => {
      const rows = await server()
        .ctx.db.selectFrom('chat_attachments')
        .select(['id', 'size'])
        .where('uploader_id', '=', userId)
        .orderBy('id')
        .execute();
      const chunks = await server()
        .ctx.db.selectFrom('chat_attachment_chunks')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('attachment_id', 'in', server().ctx.db.selectFrom('chat_attachments').select('id').where('uploader_id', '=', userId))
        .executeTakeFirstOrThrow();
      return { ids: rows.map((row) => row.id), chunks: Number(chunks.n) };
    };

    const upload = (client: ApiClient, bytes: number) => client.post('/api/chat/attachments', textForm(bytes));

    it('refuses an upload past the quota with a Spanish 413 before any byte is stored', async () => {
      const ana = await person('cuota');
      expect((await upload(ana.client, 600 * KB)).status).toBe(201);
      const before = await storedOf(ana.id);
      const over = await upload(ana.client, 600 * KB);
      expect([over.status, over.body.message]).toEqual([413, attachmentQuotaMessage(1)]);
      expect(await storedOf(ana.id)).toEqual(before);
      // What still fits is taken; other users have their own quota.
      expect((await upload(ana.client, 300 * KB)).status).toBe(201);
      const bea = await person('otra');
      expect((await upload(bea.client, 600 * KB)).status).toBe(201);
    });

    it('lets only what fits through when uploads race for the last room', async () => {
      const ana = await person('carrera');
      const answers = await Promise.all(Array.from({ length: 4 }, () => upload(ana.client, 400 * KB)));
      expect(answers.map((answer) => answer.status).toSorted()).toEqual([201, 201, 413, 413]);
      const stored = await storedOf(ana.id);
      expect(stored.ids).toHaveLength(2);
    });

    it('sweeps uploads a day old that were never sent, keeps sent and recent ones, and frees their room', async () => {
      const ana = await person('barrido');
      const bea = await person('receptora');
      const unsent = (await upload(ana.client, 400 * KB)).body.id as number;
      const sent = (await upload(ana.client, 300 * KB)).body.id as number;
      expect((await ana.client.post('/api/chat/messages', { receiverId: bea.id, message: 'adjunto', attachmentId: sent })).status).toBe(
        201,
      );
      const recent = (await upload(ana.client, 200 * KB)).body.id as number;
      expect((await upload(ana.client, 300 * KB)).status).toBe(413);
      const dayAndAMinuteAgo = new Date(Date.now() - CHAT_ATTACHMENT_LIMITS.unsentTtlHours * 3_600_000 - 60_000);
      await sql`update chat_attachments set created_at = ${dayAndAMinuteAgo} where id in (${unsent}, ${sent})`.execute(server().ctx.db);

      await dropUnsentAttachmentsJob.handler(
        { ...server().ctx, database: { url: '', embedded: false } },
        {},
        { attempt: 0, signal: new AbortController().signal },
      );

      const stored = await storedOf(ana.id);
      expect(stored.ids).toEqual([sent, recent]);
      // 300 KB in two 256 KB chunks, 200 KB in one: the swept upload's two went with it.
      expect(stored.chunks).toBe(3);
      expect((await upload(ana.client, 300 * KB)).status).toBe(201);
    });

    it('runs the sweep hourly on the queue, and defaults the quota to 500 MB', () => {
      expect(BACKGROUND_JOBS).toContain(dropUnsentAttachmentsJob);
      expect(dropUnsentAttachmentsJob.settings.cron).toBe('23 * * * *');
      expect(loadEnv({}).CHAT_ATTACHMENT_QUOTA_MB).toBe(500);
    });
  },
  { CHAT_ATTACHMENT_QUOTA_MB: '1' },
);
