/**
 * The seller's workspace in a real browser (issue 11): 'Mis leads', the sortable table, the URL as the
 * view's memory, the board, follow-ups set where the seller works and the reminder a due one sends.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type TestServer, uniqueName } from '../src/test/harness.js';
import { PHONE, pageSignedInAs, screenshot, type BrowserSuite, startBrowserSuite } from './browser.js';

/** A whole journey through several screens; each wait inside fails sooner (10 s). */
const JOURNEY_MS = 120_000;

let server: TestServer;
let browser: Browser;
let adminApi: ApiClient;
let suite: BrowserSuite | undefined;

beforeAll(async () => {
  suite = await startBrowserSuite({ adminApi: true });
  ({ server, browser } = suite);
  adminApi = suite.adminApi as ApiClient;
});

afterAll(async () => {
  await suite?.close();
});

/** Phones are unique per lead (a second lead with the same one is a 409). */
let phoneSuffix = 100;

async function createLead(name: string, assignedTo: number | null): Promise<number> {
  phoneSuffix += 1;
  const response = await adminApi.post('/api/leads', {
    name,
    email: `${uniqueName('ws')}@example.com`,
    phone: `+34 612 000 ${phoneSuffix}`,
    category: 'salud',
    description: 'Lead del espacio de trabajo',
    assignedTo,
  });
  expect(response.status).toBe(201);
  return (response.body as { id: number }).id;
}

async function tableNames(page: Page): Promise<string[]> {
  return page.getByTestId('lead-row').getByRole('link').allTextContents();
}

describe("a Vendedor's day", () => {
  it(
    "filters 'Mis leads', sorts the table on the server, goes Back through the URL and opens a lead by keyboard",
    async () => {
      const { page, context, userId } = await pageSignedInAs(browser, server, 'team_member', { firstName: 'Valeria', lastName: 'Ventas' });
      context.setDefaultTimeout(10_000);
      const mine = [
        await createLead('Bodega Alta', userId),
        await createLead('Academia Zeta', userId),
        await createLead('Clínica Media', userId),
      ];
      await createLead('Ajeno Sin Dueño', null);

      await page.goto('/leads');
      await page.getByRole('combobox', { name: 'Filtrar por responsable' }).click();
      await page.getByRole('option', { name: 'Mis leads' }).click();
      await expect.poll(() => page.getByTestId('lead-card').count()).toBe(3);
      expect(page.url()).toContain('asignado=yo');
      expect(await page.title()).toBe('Gestión de Leads · CRM Ventas');

      await page.getByText('Tabla', { exact: true }).click();
      await page.getByTestId('lead-table').waitFor();
      await page.getByRole('button', { name: 'Nombre' }).click();
      await expect.poll(() => tableNames(page)).toEqual(['Academia Zeta', 'Bodega Alta', 'Clínica Media']);
      await page.getByRole('button', { name: 'Nombre' }).click();
      await expect.poll(() => tableNames(page)).toEqual(['Clínica Media', 'Bodega Alta', 'Academia Zeta']);
      expect(page.url()).toContain('orden=name%3Adesc');
      await screenshot(page, 'workspace-table-laptop');

      // Back undoes the last choice (the descending sort), not the whole screen.
      await page.goBack();
      await expect.poll(() => tableNames(page)).toEqual(['Academia Zeta', 'Bodega Alta', 'Clínica Media']);

      // The table is the remembered view: a fresh visit without ?modo opens it again.
      await page.goto('/leads?asignado=yo');
      await page.getByTestId('lead-table').waitFor();

      // Arrow keys move between rows; Enter opens the focused one.
      await page.getByTestId('lead-row').first().focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/leads\/\d+$/);
      expect(mine).toContain(Number(page.url().split('/').pop()));
      // The lead's page: its name as the heading and the tab's title, its fields, the way back.
      const leadHeading = page.getByRole('heading', { level: 1, name: /^(Bodega Alta|Academia Zeta|Clínica Media)$/ });
      await leadHeading.waitFor();
      const heading = await leadHeading.textContent();
      await expect.poll(() => page.title()).toBe(`${heading} · CRM Ventas`);
      await page.getByTitle('Abrir en WhatsApp').waitFor();
      // A note: shown with its author, and the timeline records it above the lead's creation.
      await page.getByRole('textbox', { name: 'Nueva nota' }).fill('Llamar el martes por la mañana');
      await page.getByRole('button', { name: 'Agregar nota' }).click();
      await page.getByTestId('lead-note').filter({ hasText: 'Llamar el martes por la mañana' }).getByText('Valeria Ventas').waitFor();
      await page
        .getByTestId('timeline-entry')
        .first()
        .getByText(/Nota añadida/)
        .waitFor();
      await expect.poll(() => page.getByTestId('timeline-entry').last().textContent()).toContain('Lead creado');
      // A follow-up (the picker proposes the next working day at 10:00) shows on the lead and in 'Mis seguimientos'.
      await page.getByRole('button', { name: 'Programar seguimiento' }).click();
      await page.getByRole('dialog').getByRole('textbox', { name: 'Nota' }).fill('Enviar la propuesta');
      await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
      await page.getByTestId('lead-follow-up').getByRole('button', { name: 'Marcar como hecho' }).waitFor();
      await screenshot(page, 'workspace-lead-laptop');
      await page.getByRole('link', { name: 'Volver a Leads' }).click();
      await page.getByRole('heading', { name: 'Gestión de Leads' }).waitFor();
      await page.goto('/');
      const upcoming = page.getByTestId('follow-ups-upcoming').getByTestId('follow-up-row');
      await upcoming
        .filter({ hasText: 'Enviar la propuesta' })
        .getByRole('link', { name: heading ?? '' })
        .waitFor();
      await screenshot(page, 'workspace-follow-ups-laptop');
      await upcoming.getByRole('button', { name: `Marcar como hecho: ${heading}` }).click();
      await expect.poll(() => upcoming.count()).toBe(0);

      await page.goto('/leads?asignado=yo&modo=tabla&q=zzzz');
      await page.getByText('Ningún lead coincide con los filtros').waitFor();
      await page.getByRole('button', { name: 'Limpiar filtros' }).last().click();
      await expect.poll(() => page.getByTestId('lead-row').count()).toBe(4);
      await page.setViewportSize(PHONE);
      // The sidebar slides away when the width drops: the picture waits for the burger and the slide.
      await page.getByRole('button', { name: 'Abrir menú' }).waitFor();
      await page.waitForTimeout(400);
      await screenshot(page, 'workspace-table-phone');
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    'moves cards on the board by mouse and by keyboard, a second browser sees it, and a refused move comes back with the message',
    async () => {
      const manager = await pageSignedInAs(browser, server, 'manager', { firstName: 'Marta', lastName: 'Gestora' });
      const watcher = await pageSignedInAs(browser, server, 'admin');
      const seller = await pageSignedInAs(browser, server, 'team_member', { firstName: 'Sergio', lastName: 'Vende' });
      for (const session of [manager, watcher, seller]) session.context.setDefaultTimeout(10_000);
      // Names unique to this attempt: a retried test must not find the first attempt's cards.
      const attempt = Math.random().toString(36).slice(2, 6);
      const draggedName = `Ferretería Arrastre ${attempt}`;
      const keyedName = `Óptica Teclado ${attempt}`;
      const staleName = `Panadería Rechazo ${attempt}`;
      const dragged = await createLead(draggedName, null);
      await createLead(keyedName, null);
      const stale = await createLead(staleName, seller.userId);

      const card = (page: Page, column: string, name: string) =>
        page.getByTestId(`board-column-${column}`).getByTestId('board-card').filter({ hasText: name });
      await watcher.page.goto('/pipeline');
      await card(watcher.page, 'nuevo', draggedName).waitFor();
      await manager.page.goto('/pipeline');
      await expect.poll(() => manager.page.title()).toBe('Embudo · CRM Ventas');

      // Mouse: drag the card onto Interesado.
      const source = card(manager.page, 'nuevo', draggedName);
      const target = manager.page.getByTestId('board-column-interesado');
      const from = await source.boundingBox();
      const to = await target.boundingBox();
      if (!from || !to) throw new Error('board not laid out');
      await manager.page.mouse.move(from.x + from.width / 2, from.y + 10);
      await manager.page.mouse.down();
      await manager.page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
      // The card follows the pointer above the board (a drag overlay), not clipped by its column.
      const overlay = manager.page.getByTestId('board-card-dragged');
      await overlay.waitFor();
      const overlayBox = await overlay.boundingBox();
      expect(overlayBox && overlayBox.x + overlayBox.width / 2).toBeGreaterThan(to.x);
      expect(to.width).toBeGreaterThanOrEqual(240);
      await manager.page.mouse.up();
      await card(manager.page, 'interesado', draggedName).waitFor();
      await card(watcher.page, 'interesado', draggedName).waitFor({ timeout: 5_000 });
      expect((await adminApi.get(`/api/leads/${dragged}`)).body).toMatchObject({ status: 'interesado' });

      // Keyboard: focus the card's 'Mover a…', pick Perdido with the arrows and Enter.
      await manager.page.getByRole('button', { name: `Mover a… (${keyedName})` }).focus();
      await manager.page.keyboard.press('Enter');
      await manager.page.getByRole('menuitem', { name: 'Perdido' }).focus();
      await manager.page.keyboard.press('Enter');
      // Perdido asks why (optional): the reason typed goes with the move.
      await manager.page.getByLabel('Motivo de pérdida').fill('Sin presupuesto este año');
      await manager.page.getByRole('button', { name: 'Marcar como perdido' }).click();
      await card(manager.page, 'perdido', keyedName).waitFor();
      await card(watcher.page, 'perdido', keyedName).waitFor({ timeout: 5_000 });
      // Each column shows the server's exact count (and its value), not what is loaded.
      const board = (await adminApi.get('/api/pipeline')).body as { columns: { status: string; count: number }[] };
      for (const { status, count } of board.columns) {
        const shown = manager.page.getByTestId(`board-column-${status}`).getByTestId('board-column-count');
        await expect.poll(() => shown.textContent()).toMatch(new RegExp(`^${count}( · |$)`));
      }
      await screenshot(manager.page, 'workspace-board-laptop');

      // Refused: the seller's live link is down (the socket never reaches the server), so their board
      // still shows their lead after it was given to someone else; the server refuses the move.
      await seller.page.routeWebSocket(/\/trpc/, () => undefined);
      await seller.page.goto('/pipeline?asignado=yo');
      await card(seller.page, 'nuevo', staleName).waitFor();
      await adminApi.put(`/api/leads/${stale}/assign`, { assignedTo: manager.userId });
      await seller.page.getByRole('button', { name: `Mover a… (${staleName})` }).click();
      await seller.page.getByRole('menuitem', { name: 'Interesado' }).click();
      await seller.page.getByText('No se pudo mover el lead').waitFor();
      // It says why, in the words of the domain's rule (the server's message).
      await seller.page.getByText(/^Solo puedes mover tus leads/).waitFor();
      // The card left Interesado again (and, no longer the seller's, leaves their 'Mis leads' board on the refetch).
      await expect.poll(() => seller.page.getByTestId('board-column-interesado').getByText(staleName).count()).toBe(0);
      expect((await adminApi.get(`/api/leads/${stale}`)).body).toMatchObject({ status: 'nuevo' });

      await manager.page.setViewportSize(PHONE);
      await manager.page.getByRole('button', { name: 'Abrir menú' }).waitFor();
      await manager.page.waitForTimeout(400);
      await screenshot(manager.page, 'workspace-board-phone');
      for (const session of [manager, watcher, seller]) await session.context.close();
    },
    JOURNEY_MS,
  );
});

/** The open follow-ups of a lead, as the server has them. */
async function openFollowUps(leadId: number): Promise<{ leadId: number; note: string | null }[]> {
  const response = await adminApi.get('/api/follow-ups?scope=team&due=all&done=false');
  return (response.body as { leadId: number; note: string | null }[]).filter((followUp) => followUp.leadId === leadId);
}

/** 'Programar seguimiento (lead)' → the dialog proposes the next working day at 10:00 → Guardar → the button shows the date. */
async function scheduleFrom(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: `Programar seguimiento (${name})` }).click();
  await page.getByRole('dialog', { name: 'Programar seguimiento' }).getByRole('button', { name: 'Guardar' }).click();
  await page.getByRole('button', { name: new RegExp(`^Reprogramar seguimiento del .* \\(${name}\\)$`) }).waitFor();
}

describe('follow-ups where the seller works', () => {
  it(
    "sets one from the board's card, the lead's card and the tracking dialog's 'Próximo contacto'",
    async () => {
      const seller = await pageSignedInAs(browser, server, 'team_member', { firstName: 'Sara', lastName: 'Sigue' });
      seller.context.setDefaultTimeout(10_000);
      const page = seller.page;
      const onBoard = await createLead('Clínica Tablero', seller.userId);
      const onCard = await createLead('Bufete Tarjeta', seller.userId);
      const tracked = await createLead('Academia Contacto', seller.userId);
      expect((await adminApi.put(`/api/leads/${tracked}`, { status: 'contactado' })).status).toBe(200);

      await page.goto('/pipeline?asignado=yo');
      await scheduleFrom(page, 'Clínica Tablero');
      await screenshot(page, 'workspace-board-follow-up-laptop', { fullPage: false });
      expect(await openFollowUps(onBoard)).toHaveLength(1);

      await page.goto('/leads?asignado=yo');
      await scheduleFrom(page, 'Bufete Tarjeta');
      expect(await openFollowUps(onCard)).toHaveLength(1);

      // Contactados: the tracking dialog saves the tracking, then creates the follow-up with its note.
      await page.goto('/leads?asignado=yo&vista=contacted');
      await page.getByTestId('lead-card').filter({ hasText: 'Academia Contacto' }).getByRole('button', { name: 'Agregar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Agregar Seguimiento de Conversación' });
      await dialog.getByRole('button', { name: 'Mañana' }).click();
      await dialog.getByRole('textbox', { name: 'Nota del próximo contacto (Opcional)' }).fill('Enviar tarifas');
      await screenshot(page, 'workspace-tracking-next-contact-laptop', { fullPage: false });
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => openFollowUps(tracked)).toEqual([expect.objectContaining({ note: 'Enviar tarifas' })]);
      await page.getByRole('button', { name: /^Reprogramar seguimiento del .* \(Academia Contacto\)$/ }).waitFor();
      await seller.context.close();
    },
    JOURNEY_MS,
  );

  it(
    "a follow-up falling due shows its owner's open page a toast with the lead, and the sidebar badge counts it",
    async () => {
      const seller = await pageSignedInAs(browser, server, 'team_member', { firstName: 'Rita', lastName: 'Recuerda' });
      seller.context.setDefaultTimeout(10_000);
      const leadId = await createLead('Óptica Recordatorio', seller.userId);
      await seller.page.goto('/');
      const badge = seller.page.getByLabel(/seguimientos? para hoy o vencidos/);
      await seller.page.getByRole('heading', { level: 1 }).waitFor();
      const before = (await badge.count()) === 0 ? 0 : Number(await badge.textContent());

      const created = await adminApi.post('/api/follow-ups', {
        leadId,
        ownerId: seller.userId,
        dueAt: new Date(Date.now() + 3_000).toISOString(),
        note: 'Confirmar la cita',
      });
      expect(created.status).toBe(201);
      const toast = seller.page.getByRole('alert').filter({ hasText: 'Seguimiento pendiente' });
      await toast.getByRole('link', { name: 'Óptica Recordatorio' }).waitFor({ timeout: 15_000 });
      await expect.poll(() => toast.textContent()).toContain('Confirmar la cita');
      await expect.poll(async () => Number(await badge.textContent())).toBe(before + 1);
      await seller.context.close();
    },
    JOURNEY_MS,
  );
});
