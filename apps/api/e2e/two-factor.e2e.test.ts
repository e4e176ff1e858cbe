/**
 * The second factor in Chromium at laptop and phone width: enrolling from Perfil → Seguridad, then
 * signing in with a code from the authenticator (generated here with otplib) and with a recovery
 * code; a role that requires 2FA; an admin's password link and the page that spends it. axe-core
 * finds nothing serious on any of these screens.
 */
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, DEFAULT_PASSWORD, uniqueName } from '../src/test/harness.js';
import { seriousViolations } from './axe.js';
import { LAPTOP, newContext, PHONE, screenshot, signIn, startBrowserSuite, type BrowserSuite } from './browser.js';

const JOURNEY_MS = 120_000;

let suite: BrowserSuite;

beforeAll(async () => {
  suite = await startBrowserSuite({ adminApi: true });
}, 120_000);

afterAll(async () => {
  await suite.close();
});

/** The code an authenticator shows `stepsAhead` periods of 30 s from now (the server accepts one ahead). */
function codeFor(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

async function expectAccessible(page: Page, include?: string): Promise<void> {
  // Dialogs and toasts fade in: colours are measured once they are fully shown.
  await page.waitForTimeout(400);
  expect(await seriousViolations(page, include)).toEqual([]);
}

async function passwordStep(page: Page, username: string, password = DEFAULT_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.getByText('Verificación en dos pasos').waitFor();
}

async function waitForApp(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Navegación principal' }).waitFor();
}

for (const [label, viewport] of [
  ['1280', LAPTOP],
  ['390', PHONE],
] as const) {
  describe(`second factor at ${label} px`, () => {
    it(
      'enrols from the profile, then signs in with a TOTP code and with a recovery code',
      async () => {
        const username = uniqueName('totp');
        await createUser(suite.server, { username, firstName: 'Marta', lastName: 'Segura' });
        const context = await newContext(suite.browser, suite.server, viewport, { bypassCSP: true });
        const page = await context.newPage();
        await signIn(page, username);
        await page.goto('/profile');
        await page.getByTestId('two-factor-state').getByText('Desactivada').waitFor();
        await expectAccessible(page);
        await page.getByRole('button', { name: /Autenticación 2FA/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Autenticación en dos pasos (2FA)' });
        await dialog.getByRole('button', { name: 'Comenzar la activación' }).click();
        await dialog.getByRole('img', { name: /Código QR/ }).waitFor();
        const secret = (await dialog.getByTestId('totp-secret').textContent()) ?? '';
        expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
        await expectAccessible(page, '[role="dialog"]');
        await screenshot(page, `two-factor-enrol-qr-${label}`, { fullPage: false });
        await dialog.getByLabel(/Código de verificación/).fill(await codeFor(secret));
        await dialog.getByRole('button', { name: 'Activar 2FA' }).click();
        const codes = dialog.getByTestId('recovery-code');
        await codes.first().waitFor();
        expect(await codes.count()).toBe(10);
        const recoveryCode = (await codes.nth(3).textContent()) ?? '';
        await dialog.getByText('Guarda estos códigos ahora').waitFor();
        await expectAccessible(page, '[role="dialog"]');
        await screenshot(page, `two-factor-recovery-codes-${label}`, { fullPage: false });
        await dialog.getByRole('button', { name: 'He guardado los códigos' }).click();
        await page.getByTestId('two-factor-state').getByText('Activada').waitFor();
        // Opened again: it is on, and offers turning it off and new recovery codes.
        await page.getByRole('button', { name: /Autenticación 2FA/ }).click();
        await dialog.getByRole('button', { name: 'Desactivar 2FA' }).waitFor();
        await dialog.getByText('10 códigos de recuperación sin usar').waitFor();
        await dialog.getByRole('button', { name: 'Generar nuevos códigos' }).waitFor();
        await expectAccessible(page, '[role="dialog"]');
        await screenshot(page, `two-factor-enabled-${label}`, { fullPage: false });
        await page.keyboard.press('Escape');
        await context.close();

        // A new browser: the password, then the app's code (the next period's: the first one was spent enrolling).
        const withCode = await newContext(suite.browser, suite.server, viewport, { bypassCSP: true });
        const codePage = await withCode.newPage();
        await passwordStep(codePage, username);
        await codePage.getByLabel('Código de verificación').waitFor();
        await expectAccessible(codePage);
        await screenshot(codePage, `two-factor-login-code-${label}`);
        await codePage.getByLabel('Código de verificación').fill(await codeFor(secret, 1));
        await waitForApp(codePage);
        await withCode.close();

        // Another: the password, then a recovery code.
        const withRecovery = await newContext(suite.browser, suite.server, viewport, { bypassCSP: true });
        const recoveryPage = await withRecovery.newPage();
        await passwordStep(recoveryPage, username);
        await recoveryPage.getByRole('button', { name: 'Usar un código de recuperación' }).click();
        await recoveryPage.getByLabel('Código de recuperación').fill(recoveryCode);
        await expectAccessible(recoveryPage);
        await screenshot(recoveryPage, `two-factor-login-recovery-${label}`);
        await recoveryPage.getByRole('button', { name: 'Verificar' }).click();
        await waitForApp(recoveryPage);
        await withRecovery.close();

        // The same recovery code a second time: refused, in Spanish, and still on the code step.
        const reused = await newContext(suite.browser, suite.server, viewport, { bypassCSP: true });
        const reusedPage = await reused.newPage();
        await passwordStep(reusedPage, username);
        await reusedPage.getByRole('button', { name: 'Usar un código de recuperación' }).click();
        await reusedPage.getByLabel('Código de recuperación').fill(recoveryCode);
        await reusedPage.getByRole('button', { name: 'Verificar' }).click();
        await reusedPage.getByText('Código de verificación incorrecto').waitFor();
        expect(await reusedPage.getByRole('navigation', { name: 'Navegación principal' }).count()).toBe(0);
        await reused.close();
      },
      JOURNEY_MS,
    );

    it(
      'sends a member of a role that requires 2FA to enrol before anything else',
      async () => {
        const admin = suite.adminApi;
        if (!admin) throw new Error('sin admin');
        const username = uniqueName('obligado');
        await createUser(suite.server, { username, systemRole: 'manager', firstName: 'Raúl', lastName: 'Firme' });
        expect((await admin.put('/api/roles/manager/two-factor', { required: true })).status).toBe(200);
        try {
          const context = await newContext(suite.browser, suite.server, viewport, { bypassCSP: true });
          const page = await context.newPage();
          await page.goto('/');
          await page.getByLabel('Usuario').fill(username);
          await page.getByLabel('Contraseña').fill(DEFAULT_PASSWORD);
          await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
          await page.getByRole('heading', { name: 'Activa la autenticación en dos pasos' }).waitFor();
          expect(await page.getByRole('navigation', { name: 'Navegación principal' }).count()).toBe(0);
          await expectAccessible(page);
          await screenshot(page, `two-factor-required-${label}`);
          await page.getByRole('button', { name: 'Comenzar la activación' }).click();
          const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
          await page.getByLabel(/Código de verificación/).fill(await codeFor(secret));
          await page.getByRole('button', { name: 'Activar 2FA' }).click();
          await page.getByRole('button', { name: 'He guardado los códigos' }).click();
          await waitForApp(page);
          await context.close();
        } finally {
          await admin.put('/api/roles/manager/two-factor', { required: false });
        }
      },
      JOURNEY_MS,
    );

    it(
      "lets an admin mark roles 'Exigir 2FA' and hand over a password link that works once",
      async () => {
        const adminName = uniqueName('jefa');
        await createUser(suite.server, { username: adminName, systemRole: 'admin', firstName: 'Ana', lastName: 'Admin' });
        const forgetfulName = uniqueName('olvido');
        await createUser(suite.server, { username: forgetfulName, firstName: 'Olga', lastName: `Olvido ${label}` });
        const context = await newContext(suite.browser, suite.server, viewport, { bypassCSP: true });
        const page = await context.newPage();
        await signIn(page, adminName);

        await page.goto('/role-management');
        const toggle = page.getByRole('switch', { name: 'Exigir 2FA: Vendedor' });
        await toggle.waitFor();
        await expectAccessible(page);
        await screenshot(page, `two-factor-roles-${label}`);

        await page.goto('/user-management');
        await page.getByRole('button', { name: `Crear enlace de contraseña para Olga Olvido ${label}` }).click();
        const dialog = page.getByRole('dialog', { name: 'Enlace para restablecer la contraseña' });
        const url = await dialog.getByLabel('Enlace').inputValue();
        expect(url).toMatch(/\/restablecer\/[A-Za-z0-9_-]{32}$/);
        await expectAccessible(page, '[role="dialog"]');
        await screenshot(page, `password-link-${label}`, { fullPage: false });
        await context.close();

        const visitor = await newContext(suite.browser, suite.server, viewport, { bypassCSP: true });
        const resetPage = await visitor.newPage();
        await resetPage.goto(new URL(url).pathname);
        await resetPage.getByText(`@${forgetfulName}`).waitFor();
        await expectAccessible(resetPage);
        await screenshot(resetPage, `password-reset-page-${label}`);
        await resetPage.getByLabel('Nueva contraseña').fill('nueva-clave');
        await resetPage.getByRole('button', { name: 'Guardar contraseña' }).click();
        await resetPage.getByRole('link', { name: 'Ir a iniciar sesión' }).waitFor();
        await resetPage.goto(new URL(url).pathname);
        await resetPage.getByText('Este enlace ya no es válido: ha caducado o ya se usó. Pide uno nuevo a un administrador.').waitFor();
        await expectAccessible(resetPage);
        await screenshot(resetPage, `password-reset-used-${label}`);
        await signIn(resetPage, forgetfulName, 'nueva-clave');
        await visitor.close();
      },
      JOURNEY_MS,
    );
  });
}
