/**
 * WhatsApp on two replicas sharing one database: Meta retries a delivery and the retries land on
 * both replicas at once; the message is kept once, the new lead made once, and the live event
 * reaches a browser connected to the other replica. A status one replica applied is not undone by
 * an older one applied on the other.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ApiClient, loginAs } from '../../test/harness.js';
import { FakeGraphApi } from '../../test/graph-api.js';
import { openFeed } from '../../test/live-client.js';
import { describeOnTwoReplicas, sameBrowserOn } from '../../test/replicas.js';
import { connectToGraph, delivery, newWamid, statusOf, textFrom } from '../../test/whatsapp-payloads.js';

let graph: FakeGraphApi;
beforeAll(async () => {
  graph = await FakeGraphApi.start();
});
afterAll(async () => {
  await graph.close();
});

describeOnTwoReplicas(
  'WhatsApp on two replicas',
  (replicas) => {
    it('keeps a delivery retried on both replicas once, and tells a browser on the other replica', async () => {
      const admin = await loginAs(replicas.local, 'admin', ADMIN_PASSWORD);
      await connectToGraph(admin, graph.url);
      const feed = await openFeed(replicas.child.url, sameBrowserOn(admin, replicas.child.url));
      try {
        const from = `3463${String(Date.now() % 10_000_000).padStart(7, '0')}`;
        const wamid = newWamid();
        const { body, headers } = delivery(textFrom(from, 'Dos Réplicas', 'Hola a las dos', new Date(), wamid));
        const answers = await Promise.all(
          [replicas.local.url, replicas.child.url, replicas.local.url, replicas.child.url].map((url) =>
            new ApiClient(url).request('POST', '/api/whatsapp/webhook', body, headers),
          ),
        );
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
        const db = replicas.local.ctx.db;
        await expect
          .poll(async () => (await db.selectFrom('whatsapp_messages').select('id').where('wa_message_id', '=', wamid).execute()).length, {
            timeout: 15_000,
          })
          .toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 2000));
        expect(await db.selectFrom('whatsapp_messages').select('id').where('wa_message_id', '=', wamid).execute()).toHaveLength(1);
        const leads = await db.selectFrom('leads').select('id').where('phone_key', '=', from).execute();
        expect(leads).toHaveLength(1);
        const conversation = await db
          .selectFrom('whatsapp_conversations')
          .selectAll()
          .where('lead_id', '=', leads[0]!.id)
          .executeTakeFirstOrThrow();
        expect(conversation.unread_count).toBe(1);
        await expect
          .poll(() => feed.events.some((event) => event.type === 'whatsapp' && event.whatsappMessage.leadId === leads[0]?.id), {
            timeout: 10_000,
          })
          .toBe(true);

        // Our reply, then its statuses split between the replicas, newest first.
        const sent = await admin.post(`/api/leads/${leads[0]!.id}/whatsapp/messages`, { text: 'Respuesta' });
        expect(sent.status).toBe(201);
        const row = await db
          .selectFrom('whatsapp_messages')
          .select('wa_message_id')
          .where('id', '=', String(sent.body.id))
          .executeTakeFirstOrThrow();
        const read = delivery(statusOf(row.wa_message_id as string, 'read', from));
        await new ApiClient(replicas.child.url).request('POST', '/api/whatsapp/webhook', read.body, read.headers);
        await expect
          .poll(
            async () =>
              (await db.selectFrom('whatsapp_messages').select('status').where('id', '=', String(sent.body.id)).executeTakeFirstOrThrow())
                .status,
            { timeout: 10_000 },
          )
          .toBe('read');
        const delivered = delivery(statusOf(row.wa_message_id as string, 'delivered', from));
        await new ApiClient(replicas.local.url).request('POST', '/api/whatsapp/webhook', delivered.body, delivered.headers);
        await new Promise((resolve) => setTimeout(resolve, 2000));
        expect(
          (await db.selectFrom('whatsapp_messages').select('status').where('id', '=', String(sent.body.id)).executeTakeFirstOrThrow())
            .status,
        ).toBe('read');
      } finally {
        await feed.close();
      }
    });
  },
  { WHATSAPP_SECRET_KEY: 'c'.repeat(64) },
);
