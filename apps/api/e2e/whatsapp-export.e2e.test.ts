/** 'Importar chat de WhatsApp' on a lead's page in a real browser: the export's preview, the seller by name, the import, the conversation and the history it leaves. */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../src/test/harness.js';
import { seriousViolations } from './axe.js';
import { type BrowserSuite, LAPTOP, PHONE, pageSignedInAs, screenshot, startBrowserSuite } from './browser.js';

const BROWSER_TEST_MS = 120_000;
const chatZip = readFileSync(new URL('../src/modules/whatsapp-export/fixtures/android-es.zip', import.meta.url));

let suite: BrowserSuite;

beforeAll(async () => {
  suite = await startBrowserSuite({ adminApi: true });
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

async function newLead(assignedTo: number): Promise<number> {
  const api = suite.adminApi;
  if (!api) throw new Error('no admin');
  const created = await api.post('/api/leads', {
    name: uniqueName('Tienda Luke '),
    email: `${uniqueName('luke')}@example.com`,
    category: 'retail',
    description: 'Por WhatsApp',
  });
  expect(created.status).toBe(201);
  expect((await api.put(`/api/leads/${created.body.id}/assign`, { assignedTo })).status).toBe(200);
  return created.body.id as number;
}

async function importOnLeadPage(page: Page, leadId: number, shot: string) {
  await page.goto(`/leads/${leadId}`);
  await page.getByRole('button', { name: 'Importar chat de WhatsApp' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar chat de WhatsApp' });
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'WhatsApp Chat con Luke.zip', mimeType: 'application/zip', buffer: chatZip });
  await dialog.getByText(/^5 mensajes, del /).waitFor();
  // The seller's first name is Loris: preselected among the participants.
  await expect(dialog.getByRole('radio', { name: 'Loris' }).isChecked()).resolves.toBe(true);
  await expect(dialog.getByRole('radio', { name: 'Luke' }).isChecked()).resolves.toBe(false);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  await screenshot(page, `${shot}-preview`, { fullPage: false });
  await dialog.getByRole('button', { name: 'Importar 5 mensajes' }).click();
  await page.getByText('5 mensajes nuevos, 1 archivo.').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText('Chat de WhatsApp importado: 5 mensajes nuevos').waitFor();
  // The conversation shows them: the seller's on the right, the photo from the zip, WhatsApp's own line.
  const panel = page.getByTestId('whatsapp-panel');
  await panel.getByText('Hey!').waitFor();
  await panel
    .locator('[data-direction="outbound"]')
    .getByText(/^one\s+two$/)
    .waitFor();
  await panel.getByRole('img', { name: 'IMG-20210428-WA0001.webp' }).waitFor();
  await panel.getByText(/Los mensajes y las llamadas están cifrados de extremo a extremo/).waitFor();
  await expect(panel.getByTestId('whatsapp-message').count()).resolves.toBe(5);
}

describe('importing a WhatsApp chat on the lead page', () => {
  for (const [label, viewport] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    it(
      `imports the phone's export and shows it on the lead (${label})`,
      async () => {
        const { page, context, userId } = await pageSignedInAs(suite.browser, suite.server, 'team_member', {
          viewport,
          firstName: 'Loris',
          lastName: 'Bianchi',
        });
        try {
          const leadId = await newLead(userId);
          await importOnLeadPage(page, leadId, `whatsapp-export-${label}`);
          await screenshot(page, `whatsapp-export-${label}-lead`);
          expect(await seriousViolations(page)).toEqual([]);
          // The same export again: nothing new, and the button says so.
          await page.getByRole('button', { name: 'Importar chat de WhatsApp' }).click();
          const dialog = page.getByRole('dialog', { name: 'Importar chat de WhatsApp' });
          await dialog.locator('input[type="file"]').setInputFiles({ name: 'chat.zip', mimeType: 'application/zip', buffer: chatZip });
          await dialog.getByText('Ya se importaron todos: no hay mensajes nuevos.').waitFor();
          await expect(dialog.getByRole('button', { name: 'Importar' }).isDisabled()).resolves.toBe(true);
        } finally {
          await context.close();
        }
      },
      BROWSER_TEST_MS,
    );
  }

  it(
    'shows the server’s Spanish refusal of a file that is not a chat',
    async () => {
      const { page, context, userId } = await pageSignedInAs(suite.browser, suite.server, 'team_member', { firstName: 'Loris' });
      try {
        const leadId = await newLead(userId);
        await page.goto(`/leads/${leadId}`);
        await page.getByRole('button', { name: 'Importar chat de WhatsApp' }).click();
        const dialog = page.getByRole('dialog', { name: 'Importar chat de WhatsApp' });
        await dialog
          .locator('input[type="file"]')
          .setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from('Nombre;Email\nAna;ana@x.es\n') });
        await dialog.getByText('El archivo no tiene mensajes de WhatsApp que se puedan leer').waitFor();
        expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      } finally {
        await context.close();
      }
    },
    BROWSER_TEST_MS,
  );
});
