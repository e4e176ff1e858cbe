/**
 * A team's first day (issue 25) in Chromium at laptop and phone widths: the first admin sets the
 * country to Spain at first sign-in and a Spanish file's phones become +34; a seller finds his
 * distributed leads in 'Mis leads' and through the notification; the follow-up picker (typing a
 * time, a past time refused, the presets); 'Registrar llamada'. axe-core on each screen touched.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createUser, loginAs, uniqueName } from '../src/test/harness.js';
import { seriousViolations } from './axe.js';
import { LAPTOP, PHONE, type BrowserSuite, newContext, screenshot, signIn, startBrowserSuite } from './browser.js';

const JOURNEY_MS = 180_000;
let suite: BrowserSuite;

beforeAll(async () => {
  suite = await startBrowserSuite({ adminApi: true });
});

afterAll(async () => {
  await suite?.close();
});

const WIDTHS = [
  { name: 'laptop', viewport: LAPTOP },
  { name: 'phone', viewport: PHONE },
] as const;

function adminApi() {
  if (!suite.adminApi) throw new Error('admin API not started');
  return suite.adminApi;
}

/** A CSV as a Spanish team's Excel writes it: phones without +34. */
function spanishFile(tag: string, phones: readonly string[]): FormData {
  const rows = phones.map((phone, index) => `Empresa ${tag} ${index};retail;${phone}`);
  const form = new FormData();
  form.append('file', new Blob([['Nombre;Categoría;Teléfono', ...rows].join('\r\n')]), 'empresas.csv');
  form.append('groupName', `Madrid ${tag}`);
  return form;
}

async function pageFor(viewport: { width: number; height: number }, username: string, password?: string): Promise<Page> {
  const context = await newContext(suite.browser, suite.server, viewport);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await signIn(page, username, password);
  return page;
}

describe.each(WIDTHS)('a first day at $name width', ({ name, viewport }) => {
  it(
    "first sign-in sets the country to Spain and a Spanish file's phones become +34",
    async () => {
      // As on a fresh install: nobody has saved the settings yet.
      await suite.server.ctx.db.deleteFrom('team_settings').execute();
      const tag = uniqueName('es').toLowerCase();
      const digits = String(Date.now() % 1_000_000).padStart(6, '0');
      const typedEarlier = `612 ${digits.slice(0, 3)} ${digits.slice(3)}`;
      const before = await adminApi().post('/api/leads', { name: `Bar ${tag}`, phone: typedEarlier, category: 'retail', description: 'd' });
      expect(before.body.phone).toBe(typedEarlier);

      // A seller already at work, on the dashboard: his money follows the save without a reload.
      const colleague = await createUser(suite.server, { username: uniqueName('col') });
      const colleaguePage = await pageFor(viewport, colleague.username);
      const revenue = colleaguePage.getByTestId('stat-card').filter({ hasText: 'Ingresos del Mes' }).getByTestId('stat-value');
      await expect.poll(async () => (await revenue.textContent())?.replace(/\u00a0/g, ' ')).toBe('$ 0');

      const page = await pageFor(viewport, 'admin', ADMIN_PASSWORD);
      const dialog = page.getByRole('dialog', { name: 'Configura tu equipo' });
      await dialog.waitFor();
      await dialog.getByLabel('País', { exact: true }).click();
      await page.getByRole('option', { name: 'España (+34)' }).click();
      await dialog.getByText(/se actualizarán? \d+ teléfonos?/).waitFor();
      await expect
        .poll(async () => (await dialog.getByTestId('settings-example').textContent())?.replace(/\u00a0/g, ' '))
        .toContain('1.500 €');
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await screenshot(page, `first-day-setup-${name}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Guardar configuración' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect((await adminApi().get(`/api/leads/${before.body.id}`)).body.phone).toBe(`+34612${digits}`);
      await expect.poll(async () => (await revenue.textContent())?.replace(/\u00a0/g, ' ')).toBe('0 €');
      await colleaguePage.context().close();

      const phones = [`633 ${digits.slice(0, 3)} ${digits.slice(3)}`, `655${digits}`];
      const imported = await adminApi().post('/api/leads/import', spanishFile(tag, phones));
      expect(imported.body).toMatchObject({ imported: 2, skipped: 0 });
      await page.goto(`/leads?grupo=${imported.body.groupId}`);
      const card = page.getByTestId('lead-card').filter({ hasText: `Empresa ${tag} 0` });
      await expect.poll(() => card.getByTitle('Abrir en WhatsApp').getAttribute('href')).toBe(`https://wa.me/34633${digits}`);
      expect(await card.getByRole('link', { name: /^Llamar al/ }).getAttribute('href')).toBe(`tel:+34633${digits}`);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `first-day-spanish-phones-${name}`);

      await page.goto('/configuracion');
      await page.getByRole('heading', { name: 'Configuración' }).waitFor();
      // The form's first select is País (its label also names the option list, hence no getByLabel).
      const country = page.locator('input[aria-haspopup="listbox"]').first();
      await expect.poll(() => country.inputValue()).toBe('España (+34)');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `first-day-configuracion-${name}`);
      await page.context().close();
    },
    JOURNEY_MS,
  );

  it(
    "shows a seller his distributed leads in 'Mis leads', from the empty view and from the notification",
    async () => {
      const tag = uniqueName('rep').toLowerCase();
      const seller = await createUser(suite.server, { username: uniqueName('ven'), firstName: 'Sergio', lastName: 'Reparto' });
      const rows = Array.from({ length: 5 }, (_, index) => `Cliente ${tag} ${index};retail;cliente${index}.${tag}@x.es`);
      const form = new FormData();
      form.append('file', new Blob([['Nombre;Categoría;Email', ...rows].join('\r\n')]), 'clientes.csv');
      form.append('groupName', `Reparto ${tag}`);
      const imported = await adminApi().post('/api/leads/import', form);
      const inGroup = (await adminApi().get(`/api/leads?groupId=${imported.body.groupId}`)).body.items as { id: number }[];
      const given = inGroup.slice(0, 3).map((lead) => lead.id);
      expect((await adminApi().post('/api/leads/bulk', { action: 'assign', ids: given, assignedTo: seller.id })).status).toBe(200);

      const page = await pageFor(viewport, seller.username);
      await page.goto(`/leads?q=${tag}`);
      await page.getByText('No se encontraron leads').waitFor();
      await page.getByText(/5 leads están en grupos/).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `first-day-empty-view-${name}`);
      await page.getByRole('button', { name: 'Ver mis leads' }).click();
      await expect.poll(() => page.getByTestId('lead-card').count()).toBe(3);
      expect(page.url()).toContain('asignado=yo');

      const api = await loginAs(suite.server, seller.username);
      const notice = ((await api.get('/api/notifications')).body as { id: number; title: string }[]).find(
        (item) => item.title === 'Te asignaron 3 leads',
      );
      expect(notice).toBeDefined();
      await page.goto('/');
      await page
        .getByRole('button', { name: /^Notificaciones/ })
        .first()
        .click();
      await page.getByText('Te asignaron 3 leads').first().click();
      await page.waitForURL(/\/leads\?aviso=\d+/);
      await page.getByText(/Mostrando los leads que te asignaron en este aviso/).waitFor();
      await expect.poll(() => page.getByTestId('lead-card').count()).toBe(3);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `first-day-notice-leads-${name}`);

      await page.goto('/pipeline');
      await page.waitForURL(/asignado=yo/);
      await page.goto('/');
      await expect.poll(() => page.getByRole('radio', { name: 'Mis leads' }).isChecked()).toBe(true);
      await page.context().close();
    },
    JOURNEY_MS,
  );

  it(
    "the follow-up picker takes a typed time, refuses a past one, offers presets; 'Registrar llamada' counts the call",
    async () => {
      // A Spanish team, whichever journey ran before: the picker's times are Madrid's.
      const spain = { country: 'ES', currency: 'EUR', locale: 'es-ES', timeZone: 'Europe/Madrid', workingDays: [1, 2, 3, 4, 5] };
      expect((await adminApi().put('/api/settings/team', spain)).status).toBe(200);
      const seller = await createUser(suite.server, { username: uniqueName('seg'), firstName: 'Sara', lastName: 'Agenda' });
      const leadName = `Taller ${uniqueName('t')}`;
      const lead = await adminApi().post('/api/leads', {
        name: leadName,
        phone: `699 ${String(Date.now() % 1_000_000).padStart(6, '0')}`,
        category: 'retail',
        description: 'd',
        assignedTo: seller.id,
      });
      expect(lead.status).toBe(201);
      const page = await pageFor(viewport, seller.username);
      await page.goto('/leads?asignado=yo');
      const card = page.getByTestId('lead-card').filter({ hasText: leadName });

      await card.getByRole('button', { name: `Programar seguimiento (${leadName})` }).click();
      const dialog = page.getByRole('dialog', { name: 'Programar seguimiento' });
      const time = dialog.getByRole('textbox', { name: 'Fecha y hora: hora' }).or(dialog.getByLabel('Fecha y hora: hora'));
      // The default: the next working day at 10:00.
      expect(await time.inputValue()).toBe('10:00');
      await dialog.getByRole('button', { name: 'Mañana' }).click();
      await time.fill('11:45');
      expect(await time.inputValue()).toBe('11:45');
      // A past time: today, just after midnight ('En 1 hora' is today unless the team's clock is past 23:00).
      const madridDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(at);
      if (madridDay(new Date()) === madridDay(new Date(Date.now() + 65 * 60_000))) {
        await dialog.getByRole('button', { name: 'En 1 hora' }).click();
        await time.fill('00:01');
        await dialog.getByText('La fecha y hora ya pasaron: elige un momento futuro').waitFor();
        expect(await dialog.getByRole('button', { name: 'Guardar' }).isDisabled()).toBe(true);
      }
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await screenshot(page, `first-day-follow-up-past-${name}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Mañana' }).click();
      await time.fill('11:45');
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const followUps = (await adminApi().get('/api/follow-ups?scope=team&due=all')).body as { leadId: number; dueAt: string }[];
      const saved = followUps.find((followUp) => followUp.leadId === lead.body.id);
      expect(
        saved &&
          new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit' }).format(new Date(saved.dueAt)),
      ).toBe('11:45');

      await card.getByRole('button', { name: 'Registrar llamada' }).click();
      const log = page.getByRole('dialog', { name: 'Registrar llamada' });
      await log.getByRole('button', { name: 'Registrar' }).click();
      await log.getByText('Elige el resultado de la llamada').waitFor();
      await log.getByRole('radio', { name: 'No contestó' }).check();
      await log.getByRole('textbox', { name: 'Nota (Opcional)' }).fill('Volver a llamar por la tarde');
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await screenshot(page, `first-day-log-call-${name}`, { fullPage: false });
      await log.getByRole('button', { name: 'Registrar' }).click();
      await log.waitFor({ state: 'hidden' });
      await expect.poll(async () => (await adminApi().get(`/api/leads/${lead.body.id}`)).body.tracking?.calls).toBe(1);
      await page.goto(`/leads/${lead.body.id}`);
      await page.getByText(/Llamada registrada: no contestó — «Volver a llamar por la tarde»/).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `first-day-lead-page-${name}`);
      await page.context().close();
    },
    JOURNEY_MS,
  );
});
