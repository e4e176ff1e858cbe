/**
 * WhatsApp in Chromium at laptop and phone width (docs/whatsapp.md): the lead's panel with the
 * customer's messages, ticks and a failure's reason, a reply sent from it; the team inbox with its
 * 'Mías' filter and the sidebar's 'Sin leer' badge; 'Configuración → WhatsApp'; a Vendedor who may
 * not reply is told so. A local server plays the Graph API; axe-core finds nothing serious.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGraphApi } from '../src/test/graph-api.js';
import { type ApiClient, ApiClient as Client, type TestServer, createUser, loginAs, uniqueName } from '../src/test/harness.js';
import { connectToGraph, delivery, statusOf, textFrom } from '../src/test/whatsapp-payloads.js';
import { seriousViolations } from './axe.js';
import { LAPTOP, PHONE, launchBrowser, pageSignedInAs, screenshot, startBrowserServer } from './browser.js';

let server: TestServer;
let browser: Browser;
let graph: FakeGraphApi;
let adminApi: ApiClient;
let adminName: string;
let counter = 0;

async function deliver(payload: unknown): Promise<void> {
  const { body, headers } = delivery(payload);
  const answer = await new Client(server.url).request('POST', '/api/whatsapp/webhook', body, headers);
  expect(answer.status).toBe(200);
}

/** A lead a customer wrote to, with one reply read and one that failed. */
async function conversationLead(name: string): Promise<number> {
  counter += 1;
  const from = `3462${String(Date.now() % 1_000_000).padStart(6, '0')}${counter}`;
  await deliver(textFrom(from, name, 'Hola, ¿tienen el piso de la calle Mayor disponible?', new Date(Date.now() - 60_000)));
  let leadId: number | undefined;
  await expect
    .poll(
      async () => (leadId = (await server.ctx.db.selectFrom('leads').select('id').where('phone_key', '=', from).executeTakeFirst())?.id),
      { timeout: 15_000 },
    )
    .toBeTruthy();
  const id = leadId as number;
  for (const [text, status] of [
    ['Sí, ¿cuándo quiere verlo?', 'read'],
    ['Le envío la dirección', 'failed'],
  ] as const) {
    const sent = await adminApi.post(`/api/leads/${id}/whatsapp/messages`, { text });
    const row = await server.ctx.db
      .selectFrom('whatsapp_messages')
      .select('wa_message_id')
      .where('id', '=', String(sent.body.id))
      .executeTakeFirstOrThrow();
    await deliver(statusOf(row.wa_message_id as string, status, from));
  }
  await expect
    .poll(async () => (await adminApi.get(`/api/leads/${id}/whatsapp`)).body.messages.at(-1)?.status, { timeout: 15_000 })
    .toBe('failed');
  return id;
}

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('.mantine-Loader-root').first().waitFor({ state: 'detached' });
  await page.waitForTimeout(400);
}

beforeAll(async () => {
  server = await startBrowserServer({ WHATSAPP_SECRET_KEY: 'b'.repeat(64), JOB_SUPERVISE_SECONDS: '1' });
  browser = await launchBrowser();
  graph = await FakeGraphApi.start();
  adminName = uniqueName('waadmin');
  await createUser(server, { username: adminName, systemRole: 'admin', firstName: 'Marta', lastName: 'Admin' });
  adminApi = await loginAs(server, adminName);
  await connectToGraph(adminApi, graph.url);
}, 60_000);

afterAll(async () => {
  expect(graph?.violations ?? []).toEqual([]);
  await graph?.close();
  await browser?.close();
  await server?.close();
});

describe.each([
  ['portátil', LAPTOP],
  ['móvil', PHONE],
] as const)('WhatsApp (%s)', (label, viewport) => {
  it("shows the lead's conversation with its ticks, replies from the panel; axe-clean", async () => {
    const leadId = await conversationLead(`Cliente ${label}`);
    const { page, context } = await pageSignedInAs(browser, server, 'admin', { viewport, bypassCSP: true, path: `/leads/${leadId}` });
    try {
      const panel = page.getByTestId('whatsapp-panel');
      await panel.getByText('¿tienen el piso de la calle Mayor disponible?', { exact: false }).waitFor();
      await settled(page);
      await expect
        .poll(() => panel.getByTestId('whatsapp-tick').evaluateAll((ticks) => ticks.map((tick) => tick.getAttribute('data-status'))))
        .toEqual(['read', 'failed']);
      await panel.getByTestId('whatsapp-failure').getByText('Message Undeliverable.', { exact: false }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, `whatsapp-${label}-panel`);
      await panel.getByLabel('Mensaje de WhatsApp').fill('Perfecto, le espero el jueves');
      await panel.getByRole('button', { name: 'Enviar' }).click();
      await expect.poll(() => graph.sends().at(-1)?.text?.body, { timeout: 10_000 }).toBe('Perfecto, le espero el jueves');
      await panel.getByTestId('whatsapp-message').filter({ hasText: 'Perfecto, le espero el jueves' }).waitFor();
      await expect.poll(() => panel.getByLabel('Mensaje de WhatsApp').inputValue()).toBe('');
    } finally {
      await context.close();
    }
  });

  it("lists the team's conversations, filters 'Mías' and shows the unread badge; axe-clean", async () => {
    const leadId = await conversationLead(`Bandeja ${label}`);
    const { page, context } = await pageSignedInAs(browser, server, 'admin', { viewport, bypassCSP: true, path: '/whatsapp' });
    try {
      const row = page.getByTestId('whatsapp-inbox-row').filter({ hasText: `Bandeja ${label}` });
      await row.waitFor();
      await settled(page);
      if (viewport === LAPTOP)
        await page
          .getByRole('link', { name: /WhatsApp/ })
          .getByLabel(/sin leer/)
          .first()
          .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `whatsapp-${label}-bandeja`);
      await page.getByText('Mías', { exact: true }).click();
      await page.getByTestId('whatsapp-inbox-empty').waitFor();
      await page.getByText('Todas', { exact: true }).click();
      await row.click();
      await page.waitForURL(`**/leads/${leadId}`);
    } finally {
      await context.close();
    }
  });

  it("shows 'Configuración → WhatsApp' and a Vendedor that he may not reply; axe-clean", async () => {
    const { page, context } = await pageSignedInAs(browser, server, 'admin', {
      viewport,
      bypassCSP: true,
      path: '/configuracion/whatsapp',
    });
    try {
      await page.getByRole('tab', { name: 'WhatsApp', selected: true }).waitFor();
      await page.getByText('Conectado', { exact: true }).waitFor();
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `whatsapp-${label}-configuracion`);
      await page.getByRole('button', { name: 'Probar conexión' }).click();
      await page.getByTestId('whatsapp-connection-ok').getByText('Inmobiliaria Prueba', { exact: false }).waitFor();
    } finally {
      await context.close();
    }
    const leadId = await conversationLead(`Ajeno ${label}`);
    const seller = await pageSignedInAs(browser, server, 'team_member', { viewport, bypassCSP: true, path: `/leads/${leadId}` });
    try {
      await seller.page.getByText('Solo quien trabaja este lead puede responder por WhatsApp.').waitFor();
      await settled(seller.page);
      expect(await seriousViolations(seller.page)).toEqual([]);
    } finally {
      await seller.context.close();
    }
  });
});
