/** The Leads screen in a real browser: add, assign, edit, import, groups, contacted, tracking, roles, phone width. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SystemRole } from '@crm/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type TestServer, createUser, uniqueName, uniquePhone } from '../src/test/harness.js';
import { seriousViolations } from './axe.js';
import { PHONE, newContext, pageSignedInAs, screenshot, signInByCookie, type BrowserSuite, startBrowserSuite } from './browser.js';

let server: TestServer;
let browser: Browser;
let adminApi: ApiClient;
let fileDir: string;

let suite: BrowserSuite | undefined;

beforeAll(async () => {
  suite = await startBrowserSuite({ adminApi: true, filesPrefix: 'crm-leads-e2e-' });
  ({ server, browser } = suite);
  adminApi = suite.adminApi as ApiClient;
  fileDir = suite.fileDir as string;
});

afterAll(async () => {
  await suite?.close();
});

/** A lead created over the API, so a test starts from a known card. */
async function createLead(fields: { name: string; assignedTo?: number; category?: string }): Promise<{ id: number }> {
  const response = await adminApi.post('/api/leads', {
    name: fields.name,
    email: `${uniqueName('lead').replace(/[^a-z0-9]/gi, '')}@example.com`,
    phone: uniquePhone(),
    category: fields.category ?? 'tecnologia',
    description: 'Lead de prueba',
    assignedTo: fields.assignedTo ?? null,
  });
  expect(response.status).toBe(201);
  return response.body as { id: number };
}

/** A signed-in page whose waits fail after 10 s with the locator named, well inside the test's time. */
async function signedIn(role: SystemRole, options: Parameters<typeof pageSignedInAs>[3] = {}) {
  const session = await pageSignedInAs(browser, server, role, options);
  session.context.setDefaultTimeout(10_000);
  return { ...session, consoleErrors: collectConsoleErrors(session.page) };
}

/** Errors the page logs (React warnings, failed renders) fail the journey that caused them. */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function openLeads(page: Page): Promise<void> {
  await page.goto('/leads');
  await page.getByRole('heading', { name: 'Gestión de Leads' }).waitFor();
}

/** Types in 'Buscar leads...' and waits until only matching cards remain. */
async function search(page: Page, text: string): Promise<void> {
  await page.getByPlaceholder('Buscar leads...').fill(text);
  await page.waitForResponse((response) => response.url().includes('leads.list') && decodeURIComponent(response.url()).includes(text));
}

function card(page: Page, name: string) {
  return page.getByTestId('lead-card').filter({ hasText: name });
}

async function pickOption(page: Page, option: string): Promise<void> {
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('admin and manager', () => {
  it('adds a lead through the dialog (validation first), recommends by specialization, assigns and edits it', async () => {
    const seller = await createUser(server, {
      username: uniqueName('vend'),
      systemRole: 'team_member',
      firstName: 'Rocío',
      lastName: 'Jurado',
    });
    const other = await createUser(server, {
      username: uniqueName('vend'),
      systemRole: 'team_member',
      firstName: 'Tomás',
      lastName: 'Ibáñez',
    });
    const role = await adminApi.post('/api/custom-roles', {
      name: 'juridico',
      displayName: 'Jurídico',
      description: 'Leyes',
      color: '#0ea5e9',
    });
    expect(role.status).toBeLessThan(300);
    expect((await adminApi.post(`/api/users/${seller.id}/roles/${role.body.id}`)).status).toBeLessThan(300);

    const { page, context, consoleErrors } = await signedIn('manager');
    await openLeads(page);
    await page.getByRole('button', { name: 'Agregar Lead' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Nuevo Lead' });
    await dialog.getByRole('button', { name: 'Crear Lead' }).click();
    // An email or a phone, at least one (CONTRACT §8).
    for (const message of [
      'El nombre es requerido',
      'Indica un email o un teléfono',
      'La categoría es requerida',
      'La descripción es requerida',
    ]) {
      await dialog.getByText(message).waitFor();
    }

    const name = uniqueName('Clínica Díaz');
    await dialog.getByLabel('Nombre').fill(name);
    await dialog.getByLabel('Email').fill('contacto@clinicadiaz.es');
    await dialog.getByLabel('Teléfono').fill('11 2345 6789');
    await dialog.getByLabel('Descripción').fill('Quiere digitalizar la agenda <b>ya</b>');
    await dialog.getByLabel('Categoría').click();
    await pickOption(page, 'Salud');
    await dialog.getByRole('tab', { name: 'Por Especialización' }).click();
    await dialog.getByText('Especialidades recomendadas para Salud: Jurídico, Técnico').waitFor();
    await dialog.getByRole('radio', { name: /Rocío Jurado/ }).check();
    await screenshot(page, 'leads-add-dialog');
    await dialog.getByRole('button', { name: 'Crear Lead' }).click();
    await page.getByText('Lead creado').waitFor();

    // The new lead is already in the list the search narrows (its cache was patched): no request to wait for.
    await page.getByPlaceholder('Buscar leads...').fill(name);
    await page.waitForURL((url) => url.searchParams.get('q') === name);
    const created = card(page, name);
    await created.waitFor();
    await created.getByText('Rocío Jurado').waitFor();
    await screenshot(page, 'leads-laptop');
    await created.getByText('Salud').waitFor();
    // Typed markup is shown as text, never rendered.
    await created.getByText('Quiere digitalizar la agenda <b>ya</b>').waitFor();
    await expect(created.getByRole('link', { name: '011 2345-6789', exact: true }).getAttribute('href')).resolves.toBe(
      'https://wa.me/541123456789',
    );

    // With a distribution rule on the role, 'Asignar automáticamente' lets the rule pick the seller.
    expect((await adminApi.put(`/api/custom-roles/${role.body.id}`, { distribution: 'round_robin' })).status).toBe(200);
    // Changed elsewhere (over the API): the page reads the roles again.
    await page.reload();
    await page.getByRole('button', { name: 'Agregar Lead' }).click();
    const auto = uniqueName('Bufete Ortiz');
    await dialog.getByLabel('Nombre').fill(auto);
    await dialog.getByLabel('Email').fill(`${uniqueName('ortiz')}@bufete.es`);
    await dialog.getByLabel('Descripción').fill('Consulta laboral');
    await dialog.getByLabel('Categoría').click();
    await pickOption(page, 'Salud');
    await dialog.getByRole('tab', { name: 'Por Especialización' }).click();
    await dialog.getByRole('radio', { name: /Asignar automáticamente/ }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Crear Lead' }).click();
    await page.getByText('Lead creado').waitFor();
    const autoLead = ((await adminApi.get(`/api/leads?q=${encodeURIComponent(auto)}`)).body.items as { assignedTo: number | null }[])[0];
    expect(autoLead?.assignedTo).toBe(seller.id);

    // 'Asignar a:': another seller, then 'Sin asignar' which changes nothing (docs/leads.md, Assignment).
    await created.getByLabel('Asignar a:').click();
    await pickOption(page, 'Tomás Ibáñez');
    await page.getByText('Lead asignado').waitFor();
    await created.getByText('Tomás Ibáñez').first().waitFor();
    await created.getByLabel('Asignar a:').click();
    await pickOption(page, 'Sin asignar');
    await expect(created.getByLabel('Asignar a:').inputValue()).resolves.toBe('Tomás Ibáñez');
    const stored = await adminApi.get(`/api/leads/${(await adminApi.get(`/api/leads?q=${encodeURIComponent(name)}`)).body.items[0].id}`);
    expect(stored.body.assignedTo).toBe(other.id);

    // The working edit dialog: status and description.
    await created.getByRole('button', { name: 'Editar lead' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Lead' });
    await edit.getByLabel('Descripción').fill('Agenda digital en enero');
    await edit.getByLabel('Estado').click();
    await pickOption(page, 'Interesado');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Lead actualizado').waitFor();
    // Interesado counts as contacted, so the card moves to Contactados.
    await created.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: /Contactados/ }).click();
    await created.getByText('Agenda digital en enero').waitFor();
    await created.getByText('Interesado').waitFor();
    await created.getByText('Sin seguimiento registrado').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('imports a CSV with a real upload, shows the summary, opens the group and deletes it with its leads', async () => {
    const token = uniqueName('imp').replace(/[^a-z0-9]/gi, '');
    const csv = [
      'name,categoryName,email,phone,address,description',
      `"Bufete Peña, ${token}",abogado,pena.${token}@example.com,1144445555,"Calle Mayor 1, Madrid","Derecho ""mercantil"""`,
      `Óptica Ávila ${token},optician,avila.${token}@example.com,1166667777,,`,
      `,dentist,sin.nombre.${token}@example.com,1188889999,,`,
    ].join('\r\n');
    const file = path.join(fileDir, `leads-${token}.csv`);
    await writeFile(file, `\uFEFF${csv}\r\n`, 'utf8');
    const groupName = `Madrid ${token}`;
    const roleName = `Comercial ${token}`;
    const role = await adminApi.post('/api/custom-roles', {
      name: `comercial${token}`.toLowerCase(),
      displayName: roleName,
      description: '',
      color: '#16a34a',
    });
    expect(role.status).toBeLessThan(300);

    const { page, context, consoleErrors } = await signedIn('admin');
    await openLeads(page);
    await page.getByRole('button', { name: 'Importar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar Leads' });
    await dialog.getByRole('button', { name: 'Crear Grupo e Importar' }).click();
    await page.getByText('Archivo requerido').first().waitFor();

    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'contrato.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await page.getByText('Formato de archivo no válido').first().waitFor();
    await expect(dialog.getByTestId('import-file').count()).resolves.toBe(0);

    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByTestId('import-file').getByText(`leads-${token}.csv`).waitFor();
    await dialog
      .getByTestId('import-file')
      .getByText(/^\d+,\d KB$/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Crear Grupo e Importar' }).click();
    await page.getByText('Nombre del grupo requerido').first().waitFor();

    await dialog.getByLabel('Nombre del grupo').fill(groupName);
    await dialog.getByRole('combobox', { name: 'Asignar a un rol (opcional)' }).click();
    await pickOption(page, roleName);
    await dialog.getByRole('button', { name: 'Crear Grupo e Importar' }).click();
    await page.getByText('Importación exitosa').waitFor();
    await page.getByText(`Se importaron 2 leads en el grupo "${groupName}"`).waitFor();
    const summary = dialog.getByTestId('import-result');
    await summary.getByText('Importados').waitFor();
    await summary.getByText(/^Fila \d+:/).waitFor();
    await screenshot(page, 'leads-import-result');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    await page.getByRole('tab', { name: /Grupos/ }).click();
    const group = page.getByTestId('group-card').filter({ hasText: groupName });
    await group.getByText('2 leads').waitFor();
    await group.getByText(`Rol: ${roleName}`).waitFor();
    await screenshot(page, 'leads-groups');
    await group.getByRole('button', { name: 'Ver Leads' }).click();
    await page.getByText(`Mostrando leads del grupo: ${groupName}`).waitFor();
    await card(page, `Bufete Peña, ${token}`).getByText('Legal').waitFor();
    await card(page, `Óptica Ávila ${token}`).waitFor();
    // 'Exportar CSV' downloads what the screen shows: this group's leads, BOM first for Excel.
    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    const exported = await readFile(await csvDownload.path(), 'utf8');
    expect(exported.startsWith('\uFEFF')).toBe(true);
    expect(exported).toContain(`Óptica Ávila ${token}`);
    // The team's default locale (es-AR) writes decimals with a comma: ';' separates, so the comma needs no quotes.
    expect(exported).toContain(`\r\nBufete Peña, ${token};`);
    await page.getByRole('button', { name: 'Ver todos' }).click();
    await page.getByText('Mostrando leads del grupo').waitFor({ state: 'detached' });
    // Grouped leads stay out of the default Leads Activos view, and its empty state says where they
    // are ('Ver mis leads', 'Ver grupos'); with a filter it offers to clear it, not to add a first lead.
    await search(page, token);
    await page.getByText(/2 leads están en grupos/).waitFor();
    await page.getByRole('button', { name: 'Ver grupos' }).waitFor();
    await page.getByRole('button', { name: 'Limpiar filtros' }).last().waitFor();
    await expect(page.getByRole('button', { name: 'Agregar Primer Lead' }).count()).resolves.toBe(0);

    await page.getByRole('tab', { name: /Grupos/ }).click();
    await group.getByRole('button', { name: 'Eliminar grupo' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar grupo' });
    await confirm.getByText('Se eliminarán también sus 2 leads.').waitFor();
    await confirm.getByRole('button', { name: 'Eliminar grupo' }).click();
    await page.getByText('Grupo eliminado').first().waitFor();
    await group.waitFor({ state: 'detached' });
    const left = await adminApi.get(`/api/leads?q=${token}`);
    expect(left.body.items).toHaveLength(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('finds a lead by name without caring about accents or case, and filters by category and status', async () => {
    const token = uniqueName('acc').replace(/[^a-z0-9]/gi, '');
    await createLead({ name: `Óptica Núñez ${token}` });
    await createLead({ name: `Ferretería Gómez ${token}`, category: 'retail' });
    const { page, context } = await signedIn('team_member');
    await openLeads(page);
    await search(page, `OPTICA NUNEZ ${token}`);
    await card(page, `Óptica Núñez ${token}`).waitFor();
    await expect(page.getByTestId('lead-card').count()).resolves.toBe(1);

    await search(page, token);
    await card(page, `Ferretería Gómez ${token}`).waitFor();
    await expect(page.getByTestId('lead-card').count()).resolves.toBe(2);
    await page.getByRole('combobox', { name: 'Filtrar por categoría' }).click();
    await pickOption(page, 'Retail');
    await card(page, `Óptica Núñez ${token}`).waitFor({ state: 'detached' });
    // The list may be between two answers when the other card leaves: wait for the one that stays.
    await card(page, `Ferretería Gómez ${token}`).waitFor();
    await expect.poll(() => page.getByTestId('lead-card').count()).toBe(1);
    await page.getByRole('combobox', { name: 'Filtrar por estado' }).click();
    await pickOption(page, 'Convertido');
    await page.getByText('Ningún lead coincide con los filtros').waitFor();
    // Filtered, nobody is offered 'Agregar Primer Lead'.
    await expect(page.getByRole('button', { name: 'Agregar Primer Lead' }).count()).resolves.toBe(0);
    await context.close();
  });
  it("does not offer 'Marcar contactado' on a converted lead nobody marked, nor Contactado in its edit dialog", async () => {
    const token = uniqueName('conv').replace(/[^a-z0-9]/gi, '');
    const converted = await createLead({ name: `Clínica Vega ${token}`, category: 'salud' });
    await createLead({ name: `Clínica Sur ${token}`, category: 'salud' });
    // Converted straight from the edit dialog: contactedAt stays empty, which the card used to test.
    expect((await adminApi.put(`/api/leads/${converted.id}`, { status: 'convertido' })).status).toBe(200);
    const { page, context, consoleErrors } = await signedIn('manager');
    await openLeads(page);
    await search(page, token);
    await card(page, `Clínica Sur ${token}`).getByRole('button', { name: 'Marcar contactado' }).waitFor();

    await page.getByRole('tab', { name: /Contactados/ }).click();
    const lead = card(page, `Clínica Vega ${token}`);
    await lead.getByText('Convertido', { exact: true }).waitFor();
    await expect(lead.getByRole('button', { name: 'Marcar contactado' }).count()).resolves.toBe(0);
    await lead.getByRole('button', { name: 'Editar lead' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Lead' });
    await dialog.getByLabel('Estado').click();
    await page.getByRole('option', { name: 'Perdido', exact: true }).waitFor();
    await expect(page.getByRole('option', { name: 'Contactado', exact: true }).count()).resolves.toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('long lists', () => {
  it('shows one page of cards and loads the next as the end of the list scrolls into view', async () => {
    const token = uniqueName('pag').replace(/[^a-z0-9]/gi, '');
    for (let index = 1; index <= 30; index += 1) await createLead({ name: `Comercio ${index} ${token}` });
    const { page, context } = await signedIn('team_member');
    await openLeads(page);
    await search(page, token);
    await page
      .getByRole('tab', { name: /Leads Activos/ })
      .getByText('30')
      .waitFor();
    // The first cards render at once, the rest of the page just after (LeadList): wait for all 24.
    await page.getByTestId('lead-card').nth(23).waitFor();
    await expect(page.getByTestId('lead-card').count()).resolves.toBe(24);
    await page.mouse.wheel(0, 20_000);
    await page.getByText('30 leads', { exact: true }).waitFor();
    await expect(page.getByTestId('lead-card').count()).resolves.toBe(30);
    await context.close();
  });
});

describe('Vendedor', () => {
  it('sees no Agregar, Importar or Asignar; marks a lead contacted and tracks the conversation', async () => {
    const username = uniqueName('vend');
    const seller = await createUser(server, { username, systemRole: 'team_member', firstName: 'Marta', lastName: 'Sánchez' });
    const name = uniqueName('Panadería Sol');
    await createLead({ name, assignedTo: seller.id, category: 'retail' });

    const session = await newContext(browser, server);
    await signInByCookie(session, server, username);
    const sellerPage = await session.newPage();
    const consoleErrors = collectConsoleErrors(sellerPage);
    session.setDefaultTimeout(10_000);

    await openLeads(sellerPage);
    await search(sellerPage, name);
    const lead = card(sellerPage, name);
    await lead.getByText('Marta Sánchez').waitFor();
    for (const button of ['Agregar Lead', 'Importar', 'Exportar CSV']) {
      await expect(sellerPage.getByRole('button', { name: button }).count()).resolves.toBe(0);
    }
    await expect(lead.getByLabel('Asignar a:').count()).resolves.toBe(0);
    await expect(lead.getByRole('button', { name: 'Editar lead' }).count()).resolves.toBe(0);

    const [vcard] = await Promise.all([sellerPage.waitForEvent('download'), lead.getByRole('button', { name: 'Descargar lead' }).click()]);
    expect(vcard.suggestedFilename()).toMatch(/\.vcf$/);
    expect(await readFile(await vcard.path(), 'utf8')).toContain(`FN:${name}`);
    // The mouse still rests on the button it clicked: its hint shows (its code loaded on that first hover).
    await sellerPage.getByRole('tooltip', { name: 'Descargar contacto (vCard)' }).waitFor();

    await lead.getByRole('button', { name: 'Marcar contactado' }).click();
    await sellerPage.getByText('Lead marcado como contactado').waitFor();
    await lead.waitFor({ state: 'detached' });

    await sellerPage.getByRole('tab', { name: /Contactados/ }).click();
    const contacted = card(sellerPage, name);
    await contacted.getByText('Contactado', { exact: true }).waitFor();
    await contacted.getByText(/^Contactado por Marta Sánchez el \d{2}\/\d{2}\/\d{4}$/).waitFor();
    await contacted.getByText('Sin seguimiento registrado').waitFor();
    await expect(contacted.getByRole('button', { name: 'Marcar contactado' }).count()).resolves.toBe(0);

    await contacted.getByRole('button', { name: 'Agregar' }).click();
    const add = sellerPage.getByRole('dialog', { name: 'Agregar Seguimiento de Conversación' });
    await add.getByText(name).waitFor();
    // The counters are read-only: the dialog writes the progress and notes.
    expect(await add.getByRole('spinbutton').count()).toBe(0);
    await add.getByLabel('Notas (Opcional)').fill('Pide presupuesto');
    await add.getByRole('button', { name: 'Guardar' }).click();
    await sellerPage.getByText('Seguimiento registrado', { exact: true }).waitFor();
    await contacted.getByText(/^Último contacto: \d{2}\/\d{2}\/\d{4}$/).waitFor();

    // 'Registrar llamada' and 'Registrar mensaje' move them.
    await contacted.getByRole('button', { name: 'Registrar llamada' }).click();
    const log = sellerPage.getByRole('dialog', { name: 'Registrar llamada' });
    await log.getByRole('radio', { name: 'Contestó', exact: true }).check();
    await log.getByRole('button', { name: 'Registrar' }).click();
    await contacted.getByText('✓ Respondió').waitFor();
    await contacted.getByRole('button', { name: 'Registrar llamada' }).click();
    await log.getByText('Mensaje enviado').click();
    await log.getByRole('button', { name: 'Registrar' }).click();
    await expect.poll(() => contacted.getByText('enviados').textContent()).toBe('1 enviados');
    await expect(
      contacted
        .getByText(/llamada/)
        .first()
        .textContent(),
    ).resolves.toBe('1 llamada');

    await contacted.getByRole('button', { name: 'Editar' }).click();
    const edit = sellerPage.getByRole('dialog', { name: 'Editar Seguimiento de Conversación' });
    await expect.poll(() => edit.getByTestId('tracking-counters').textContent()).toContain('Mensajes Enviados1');
    await edit.getByLabel('Nivel de Progreso').click();
    await pickOption(sellerPage, 'Muy interesado');
    await edit.getByRole('button', { name: 'Actualizar' }).click();
    await sellerPage.getByText('Seguimiento actualizado').waitFor();
    await contacted.getByText('Muy interesado').waitFor();
    await expect(contacted.getByText('enviados').textContent()).resolves.toBe('1 enviados');

    // Their own lead: the moves a Vendedor is allowed (interesado, convertido, perdido).
    await contacted.getByRole('button', { name: 'Cambiar estado' }).click();
    await sellerPage.getByRole('menuitem', { name: 'Convertido' }).click();
    await sellerPage.getByText('Estado actualizado').waitFor();
    await contacted.getByText('Convertido').waitFor();
    await screenshot(sellerPage, 'leads-contacted-laptop');
    expect(consoleErrors).toEqual([]);
    await session.close();
  });

  it('fits a phone: no sideways scrolling, dialogs usable', async () => {
    await createLead({ name: uniqueName('Librería Ñandú con un nombre bastante largo para un teléfono') });
    const { page, context } = await signedIn('admin', { viewport: PHONE });
    await openLeads(page);
    await page.getByTestId('lead-card').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'leads-phone-cards');
    await page.getByRole('button', { name: 'Importar' }).click();
    await page.getByRole('dialog', { name: 'Importar Leads' }).getByRole('button', { name: 'Crear Grupo e Importar' }).waitFor();
    await screenshot(page, 'leads-phone-import');
    await context.close();
  });
});
