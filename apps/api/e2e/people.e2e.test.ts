/** People screens in a real browser: user management, custom roles, the team screen and the profile photo. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type TestServer, createUser, uniqueName } from '../src/test/harness.js';
import { seriousViolations } from './axe.js';
import { PHONE, pageSignedInAs as signedInPage, screenshot, type BrowserSuite, startBrowserSuite } from './browser.js';

let server: TestServer;
let browser: Browser;
let adminApi: ApiClient;
let fileDir: string;

let suite: BrowserSuite | undefined;

beforeAll(async () => {
  suite = await startBrowserSuite({ adminApi: true, filesPrefix: 'crm-people-e2e-' });
  ({ server, browser } = suite);
  adminApi = suite.adminApi as ApiClient;
  fileDir = suite.fileDir as string;
});

afterAll(async () => {
  await suite?.close();
});

/** A browser test's own limit: generous, since CI machines run other suites alongside. */
const TEST_TIMEOUT_MS = 180_000;

/** A signed-in page whose waits fail fast, naming the locator, well inside the test's own timeout. */
async function pageSignedInAs(...args: Parameters<typeof signedInPage>) {
  const signedIn = await signedInPage(...args);
  signedIn.page.setDefaultTimeout(30_000);
  return signedIn;
}

async function pickOption(page: Page, option: string): Promise<void> {
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function optionsShown(page: Page): Promise<string[]> {
  await page.getByRole('listbox').waitFor();
  return page.getByRole('option').allInnerTexts();
}

function userRow(page: Page, name: string) {
  return page.getByTestId('user-row').filter({ hasText: name });
}

describe('user management', () => {
  it(
    'an admin creates a manager, edits a user with the role field, and deletes after confirming',
    async () => {
      const { page, context } = await pageSignedInAs(browser, server, 'admin', {
        firstName: 'Alba',
        lastName: 'Admin',
        path: '/user-management',
      });
      await page.getByRole('heading', { name: 'Gestión de Usuarios' }).waitFor();
      await page.getByText('Usuarios del Sistema', { exact: true }).waitFor();
      for (const label of ['Administradores', 'Managers', 'Vendedores']) await page.getByLabel(label).waitFor();

      await page.getByRole('button', { name: 'Crear Usuario' }).click();
      const dialog = page.getByRole('dialog', { name: 'Crear Nuevo Usuario' });
      // Validation first: the spec's message, nothing sent.
      await dialog.getByRole('button', { name: 'Crear Usuario' }).click();
      await dialog.getByText('Todos los campos son requeridos').first().waitFor();

      const local = uniqueName('Marta.Ruiz');
      await dialog.getByLabel(/^Nombre\s*\*?$/).fill('Marta');
      await dialog.getByLabel('Apellidos').fill('Ruiz');
      await dialog.getByLabel('Email').fill(`${local}@Empresa.es`);
      await dialog.getByLabel('Contraseña').fill('secreto1');
      await dialog.getByRole('combobox', { name: 'Rol' }).click();
      expect(await optionsShown(page)).toEqual(['Vendedor', 'Manager', 'Administrador']);
      await pickOption(page, 'Manager');
      await dialog.getByRole('button', { name: 'Crear Usuario' }).click();
      await dialog.getByText('El nombre del equipo es requerido para managers').waitFor();
      await dialog.getByLabel('Nombre del Equipo').fill('Equipo Norte');
      await screenshot(page, 'people-create-user-dialog');
      await dialog.getByRole('button', { name: 'Crear Usuario' }).click();
      await page.getByText('Usuario creado').waitFor();
      await page.getByText(`Nombre de usuario: @${local.toLowerCase()}`).waitFor();
      const created = userRow(page, 'Marta Ruiz');
      await created.getByText(`@${local.toLowerCase()} · Equipo Norte`).waitFor();
      await created.getByText('Manager').filter({ visible: true }).waitFor();

      // Edit: the admin's form has the role field.
      await created.getByRole('button', { name: 'Editar Marta Ruiz' }).click();
      const edit = page.getByRole('dialog', { name: 'Editar Usuario' });
      await edit.getByLabel('Apellidos').fill('Ruiz Soler');
      await edit.getByRole('combobox', { name: 'Rol' }).click();
      await pickOption(page, 'Vendedor');
      await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
      await page.getByText('Usuario actualizado').waitFor();
      const edited = userRow(page, 'Marta Ruiz Soler');
      await edited.getByText('Vendedor').filter({ visible: true }).waitFor();

      // Delete, only after 'Confirmar Eliminación'.
      await edited.getByRole('button', { name: 'Eliminar Marta Ruiz Soler' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirmar Eliminación' });
      await confirm.getByText(`@${local.toLowerCase()}`).waitFor();
      await confirm.getByRole('button', { name: 'Cancelar' }).click();
      await expect(userRow(page, 'Marta Ruiz Soler').count()).resolves.toBe(1);
      await edited.getByRole('button', { name: 'Eliminar Marta Ruiz Soler' }).click();
      await page.getByRole('dialog', { name: 'Confirmar Eliminación' }).getByRole('button', { name: 'Eliminar' }).click();
      await page.getByText('Usuario eliminado').waitFor();
      await userRow(page, 'Marta Ruiz Soler').waitFor({ state: 'detached' });
      // Nobody deletes themself: no delete button on one's own row.
      await expect(
        userRow(page, 'Alba Admin')
          .getByRole('button', { name: /^Eliminar/ })
          .count(),
      ).resolves.toBe(0);
      await screenshot(page, 'people-user-management-laptop');
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'a manager may only create Vendedores, edits without the role field, and deletes only Vendedores',
    async () => {
      await createUser(server, { username: uniqueName('otroadmin'), systemRole: 'admin', firstName: 'Otra', lastName: 'Admin' });
      await createUser(server, { username: uniqueName('vend'), firstName: 'Víctor', lastName: 'Vendedor' });
      const { page, context } = await pageSignedInAs(browser, server, 'manager', {
        firstName: 'Mario',
        lastName: 'Manager',
        path: '/user-management',
      });
      await page.getByRole('button', { name: 'Crear Usuario' }).click();
      const dialog = page.getByRole('dialog', { name: 'Crear Nuevo Usuario' });
      await dialog.getByRole('combobox', { name: 'Rol' }).click();
      expect(await optionsShown(page)).toEqual(['Vendedor']);
      await page.keyboard.press('Escape');
      const local = uniqueName('lucia');
      await dialog.getByLabel(/^Nombre\s*\*?$/).fill('Lucía');
      await dialog.getByLabel('Apellidos').fill('Campos');
      await dialog.getByLabel('Email').fill(`${local}@empresa.es`);
      await dialog.getByLabel('Contraseña').fill('secreto1');
      await dialog.getByRole('button', { name: 'Crear Usuario' }).click();
      await page.getByText('Usuario creado').waitFor();
      await userRow(page, 'Lucía Campos').getByText('Vendedor').filter({ visible: true }).first().waitFor();

      // Admin rows offer neither edit nor delete to a manager; Vendedor rows offer both.
      await expect(userRow(page, 'Otra Admin').getByRole('button').count()).resolves.toBe(0);
      const seller = userRow(page, 'Víctor Vendedor');
      await seller.getByRole('button', { name: 'Editar Víctor Vendedor' }).click();
      const edit = page.getByRole('dialog', { name: 'Editar Usuario' });
      await edit.getByLabel(/^Nombre\s*\*?$/).waitFor();
      await expect(edit.getByRole('combobox', { name: 'Rol' }).count()).resolves.toBe(0);
      await edit.getByLabel(/^Nombre\s*\*?$/).fill('');
      await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
      await edit.getByText('El nombre es requerido').waitFor();
      await edit.getByLabel(/^Nombre\s*\*?$/).fill('Vicente');
      await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
      await page.getByText('Usuario actualizado').waitFor();
      await userRow(page, 'Vicente Vendedor').waitFor();
      await screenshot(page, 'people-user-management-manager');

      await context.close();
    },
    TEST_TIMEOUT_MS,
  );
});

describe('custom roles', () => {
  it(
    'creates a role, assigns it to a user, and removes it',
    async () => {
      await createUser(server, { username: uniqueName('vend'), firstName: 'Rosa', lastName: 'Roles' });
      const { page, context } = await pageSignedInAs(browser, server, 'manager', { path: '/role-management' });
      await page.getByRole('heading', { name: 'Gestión de Roles Personalizados' }).waitFor();
      await page.getByText('Usuarios y sus Roles', { exact: true }).waitFor();

      await page.getByRole('button', { name: 'Crear Rol' }).click();
      const dialog = page.getByRole('dialog', { name: 'Crear Nuevo Rol Personalizado' });
      await dialog.getByLabel('Identificador').fill('Aduanero');
      await dialog.getByLabel('Nombre visible').fill('Aduanero');
      await dialog.getByRole('button', { name: 'Crear Rol' }).click();
      await dialog.getByText('El identificador solo puede tener letras minúsculas, números y guion bajo').waitFor();
      const identifier = uniqueName('aduanero_').toLowerCase();
      await dialog.getByLabel('Identificador').fill(identifier);
      await dialog.getByLabel('Descripción').fill('Comercio exterior y trámites de aduana');
      await dialog.getByRole('button', { name: 'Crear Rol' }).click();
      await page.getByText('Rol creado').waitFor();
      const card = page.getByTestId('role-card').filter({ hasText: identifier });
      await card.getByText('Aduanero', { exact: true }).waitFor();
      await card.getByText('Comercio exterior y trámites de aduana').waitFor();

      // 'Reparto automático' is chosen in the role's edit dialog and saved on the role.
      await card.getByRole('button', { name: 'Editar rol Aduanero' }).click();
      const edit = page.getByRole('dialog', { name: 'Editar Rol' });
      await edit.getByLabel('Reparto automático').first().click();
      await page.getByRole('option', { name: 'Por turnos' }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'role-distribution-laptop');
      await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
      await page.getByText('Rol actualizado').waitFor();
      const saved = ((await adminApi.get('/api/custom-roles')).body as { name: string; distribution: string }[]).find(
        (role) => role.name === identifier,
      );
      expect(saved?.distribution).toBe('round_robin');

      const row = page.getByTestId('user-roles-row').filter({ hasText: 'Rosa Roles' });
      await row.getByText('Sin roles asignados').waitFor();
      await row.getByRole('button', { name: 'Asignar Rol a Rosa Roles' }).click();
      const assign = page.getByRole('dialog', { name: 'Asignar Rol a Rosa Roles' });
      await assign.getByRole('button', { name: new RegExp(identifier) }).click();
      await page.getByText('Rol asignado').waitFor();
      await row.getByTestId('role-chip').filter({ hasText: 'Aduanero' }).waitFor();

      // Only roles the user lacks are offered: with every role held, the dialog says so.
      const roles = (await adminApi.get('/api/custom-roles')).body as { id: number }[];
      const rosa = ((await adminApi.get('/api/users-with-roles')).body as { id: number; firstName: string }[]).find(
        (user) => user.firstName === 'Rosa',
      );
      for (const role of roles) await adminApi.post(`/api/users/${rosa?.id}/roles/${role.id}`);
      await page.reload();
      await page
        .getByTestId('user-roles-row')
        .filter({ hasText: 'Rosa Roles' })
        .getByRole('button', { name: 'Asignar Rol a Rosa Roles' })
        .click();
      await page
        .getByRole('dialog', { name: 'Asignar Rol a Rosa Roles' })
        .getByText('Este usuario ya tiene todos los roles disponibles.')
        .waitFor();
      await page.keyboard.press('Escape');
      await screenshot(page, 'people-roles-laptop');

      await page.getByRole('button', { name: 'Quitar Aduanero a Rosa Roles' }).click();
      await page.getByText('Rol removido').waitFor();
      await page.getByRole('button', { name: 'Quitar Aduanero a Rosa Roles' }).waitFor({ state: 'detached' });

      await context.close();
    },
    TEST_TIMEOUT_MS,
  );
});

describe('team screen', () => {
  it(
    'adds a member with Agregar Miembro and shows the team with real figures',
    async () => {
      const seller = await createUser(server, { username: uniqueName('vend'), firstName: 'Carla', lastName: 'Cifras' });
      for (const status of ['nuevo', 'convertido', 'convertido'] as const) {
        await server.ctx.db
          .insertInto('leads')
          .values({ name: uniqueName('Lead'), category: 'retail', status, assigned_to: seller.id })
          .execute();
      }
      const { page, context } = await pageSignedInAs(browser, server, 'admin', { path: '/team' });
      await page.getByRole('heading', { name: 'Gestión del Equipo' }).waitFor();
      for (const label of ['Total Miembros', 'Activos Hoy', 'Mejor Performance']) await page.getByLabel(label).waitFor();
      const carla = page.getByTestId('team-row').filter({ hasText: 'Carla Cifras' });
      // At this width the phone's folded copy of the columns is in the row too, hidden.
      await carla.getByText('66,7%', { exact: true }).filter({ visible: true }).waitFor();
      await carla.getByText('Desconectado').filter({ visible: true }).waitFor();
      // 'Disponible para asignación' is set from the table too, and kept on the server.
      const availability = carla.getByRole('switch', { name: 'Disponible para asignación: Carla Cifras' });
      expect(await availability.isChecked()).toBe(true);
      await availability.click({ force: true });
      await expect
        .poll(
          async () =>
            (await server.ctx.db.selectFrom('users').select('available').where('id', '=', seller.id).executeTakeFirst())?.available,
        )
        .toBe(false);
      expect(await availability.isChecked()).toBe(false);

      await page.getByRole('button', { name: 'Agregar Miembro' }).click();
      const dialog = page.getByRole('dialog', { name: 'Agregar Miembro' });
      await dialog.getByRole('button', { name: 'Crear Usuario' }).click();
      await dialog.getByText('El nombre completo es requerido').waitFor();
      await dialog.getByRole('combobox', { name: 'Rol' }).click();
      expect(await optionsShown(page)).toEqual(['Administrador', 'Manager', 'Miembro del Equipo']);
      await pickOption(page, 'Manager');
      await dialog.getByLabel('Nombre del Equipo').waitFor();
      await dialog.getByLabel('Nombre Completo').fill('Nuria Nueva Gómez');
      const local = uniqueName('nuria');
      await dialog.getByLabel('Email').fill(`${local}@empresa.es`);
      await dialog.getByLabel('Contraseña').fill('secreto1');
      await dialog.getByLabel('Nombre del Equipo').fill('Equipo Este');
      await dialog.getByRole('button', { name: 'Crear Usuario' }).click();
      await page.getByText('Miembro agregado').waitFor();
      await page.getByText(`Nombre de usuario: @${local}`).waitFor();
      const nuria = page.getByTestId('team-row').filter({ hasText: 'Nuria Nueva Gómez' });
      await nuria.getByText('Manager').filter({ visible: true }).waitFor();

      // A duplicate email fails with the server's reason.
      await page.getByRole('button', { name: 'Agregar Miembro' }).click();
      await dialog.getByLabel('Nombre Completo').fill('Otra Nuria');
      await dialog.getByLabel('Email').fill(`${local.toUpperCase()}@empresa.es`);
      await dialog.getByLabel('Contraseña').fill('secreto1');
      await dialog.getByRole('button', { name: 'Crear Usuario' }).click();
      await page.getByText('Ya existe un usuario con ese email').waitFor();
      await page.keyboard.press('Escape');

      // Edit and delete work from the table (not dead buttons).
      await nuria.getByRole('button', { name: 'Editar Nuria Nueva Gómez' }).click();
      await page.getByRole('dialog', { name: 'Editar Usuario' }).getByLabel('Apellidos').fill('Nueva');
      await page.getByRole('dialog', { name: 'Editar Usuario' }).getByRole('button', { name: 'Guardar Cambios' }).click();
      await page.getByText('Usuario actualizado').waitFor();
      const renamed = page.getByTestId('team-row').filter({ hasText: 'Nuria Nueva' });
      await screenshot(page, 'people-team-laptop');
      await renamed.getByRole('button', { name: 'Eliminar Nuria Nueva' }).click();
      await page.getByRole('dialog', { name: 'Confirmar Eliminación' }).getByRole('button', { name: 'Eliminar' }).click();
      await page.getByText('Usuario eliminado').waitFor();
      await renamed.waitFor({ state: 'detached' });

      await context.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'shows Acceso Restringido to a manager',
    async () => {
      const { page, context } = await pageSignedInAs(browser, server, 'manager', { path: '/team' });
      await page.getByText('Acceso Restringido').waitFor();
      await page.getByText('Solo los administradores pueden acceder a esta sección.').waitFor();
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );
});

describe('profile photo', () => {
  it(
    'uploads a photo with a preview and shows it in the sidebar',
    async () => {
      const file = path.join(fileDir, 'retrato.png');
      await writeFile(
        file,
        await sharp({ create: { width: 400, height: 300, channels: 3, background: '#e4572e' } })
          .png()
          .toBuffer(),
      );
      const textFile = path.join(fileDir, 'notas.txt');
      await writeFile(textFile, 'no soy una imagen');

      const { page, context } = await pageSignedInAs(browser, server, 'team_member', {
        firstName: 'Paula',
        lastName: 'Pérez',
        path: '/profile',
      });
      await page.getByRole('button', { name: 'Cambiar Foto' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cambiar Foto de Perfil' });
      const input = dialog.locator('input[type="file"]');

      await input.setInputFiles(textFile);
      await page.getByText('Archivo inválido').waitFor();
      await page.getByText('Por favor selecciona una imagen válida (JPG, PNG, GIF, etc.)').waitFor();
      await expect(dialog.getByRole('button', { name: 'Subir Foto' }).isDisabled()).resolves.toBe(true);

      await input.setInputFiles(file);
      await dialog.getByRole('img', { name: 'Vista previa' }).waitFor();
      await screenshot(page, 'people-avatar-dialog');
      await dialog.getByRole('button', { name: 'Subir Foto' }).click();
      await page.getByText('Foto actualizada').waitFor();

      const sidebarPhoto = page.locator('.mantine-AppShell-navbar img[src*="/avatar"]');
      await sidebarPhoto.waitFor();
      // The element shows before its picture has arrived: wait for the picture itself.
      await expect.poll(() => sidebarPhoto.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(256);
      await page.getByTestId('profile-avatar').locator('img[src*="/avatar"]').waitFor();
      await screenshot(page, 'people-profile-laptop');
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );
});

describe('phone width', () => {
  it.each([
    ['/user-management', 'Gestión de Usuarios', 'user-row', 'people-user-management-phone'],
    ['/role-management', 'Gestión de Roles Personalizados', 'user-roles-row', 'people-roles-phone'],
    ['/team', 'Gestión del Equipo', 'team-row', 'people-team-phone'],
    ['/profile', 'Mi Perfil', 'profile-avatar', 'people-profile-phone'],
  ])(
    '%s fits 390 px without sideways scrolling',
    async (url, title, testId, shot) => {
      const { page, context } = await pageSignedInAs(browser, server, 'admin', { viewport: PHONE, path: url });
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByTestId(testId).first().waitFor();
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, shot);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );
});
