/**
 * Group chat in three browsers: a group made in the app, a photo attached (with its progress bar)
 * and seen by the other two, 'Visto por 2' with their names, a typing line; axe-core and
 * screenshots at laptop and phone widths.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../src/test/harness.js';
import { LAPTOP, PHONE, type BrowserSuite, pageSignedInAs, screenshot, startBrowserSuite } from './browser.js';
import { seriousViolations } from './axe.js';

let suite: BrowserSuite;

beforeAll(async () => {
  suite = await startBrowserSuite({ filesPrefix: 'chat-groups-' });
});

afterAll(async () => {
  await suite?.close();
});

describe('group chat in three browsers', () => {
  it('creates a group, sends a photo the others see, and shows Visto por 2 with their names', { timeout: 180_000 }, async () => {
    const open = (firstName: string, viewport = LAPTOP) =>
      pageSignedInAs(suite.browser, suite.server, 'team_member', { firstName, lastName: 'Grupo', viewport, bypassCSP: true });
    const elena = await open('Elena');
    const pablo = await open('Pablo');
    const marta = await open('Marta', PHONE);

    // Elena makes the group in the app.
    await elena.page.goto('/chat');
    await elena.page.getByRole('button', { name: 'Nuevo grupo' }).click();
    const dialog = elena.page.getByRole('dialog', { name: 'Nuevo grupo' });
    await dialog.getByLabel('Nombre del grupo').fill('Obra Clínica Sol');
    for (const name of ['Pablo Grupo', 'Marta Grupo']) {
      await dialog.getByLabel('Miembros').click();
      await elena.page.getByRole('option', { name }).click();
    }
    // Closes the members' dropdown, which covers the buttons.
    await dialog.getByLabel('Nombre del grupo').click();
    await dialog.getByRole('button', { name: 'Crear grupo' }).click();
    await elena.page.getByText('3 miembros').first().waitFor();
    const channelId = Number(new URL(elena.page.url()).searchParams.get('canal'));
    expect(channelId).toBeGreaterThan(0);

    // The others open it; Pablo types and Elena sees it.
    for (const other of [pablo, marta]) {
      await other.page.goto(`/chat?canal=${channelId}`);
      await other.page.getByText('No hay mensajes. ¡Inicia la conversación!').waitFor();
    }
    await pablo.page.getByLabel('Mensaje').pressSequentially('Voy');
    await elena.page.getByTestId('chat-typing').getByText('Pablo está escribiendo…').waitFor();

    // Elena attaches a photo: the progress bar, then the file waits to be sent.
    const photoPath = path.join(suite.fileDir ?? '', 'fachada.jpg');
    await writeFile(
      photoPath,
      await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } })
        .jpeg()
        .toBuffer(),
    );
    const chooser = elena.page.waitForEvent('filechooser');
    await elena.page.getByTestId('chat-attach').click();
    await (await chooser).setFiles(photoPath);
    await elena.page.getByTestId('chat-pending-attachment').getByText('fachada.webp').waitFor();
    await elena.page.getByLabel('Mensaje').fill('La fachada, hoy');
    await elena.page.getByLabel('Mensaje').press('Enter');
    await elena.page.getByTestId('chat-image').waitFor();

    // Both see the photo live, loaded (not a broken image), under today's separator.
    for (const other of [pablo, marta]) {
      const image = other.page.getByTestId('chat-image');
      await image.waitFor();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await other.page.getByTestId('chat-day').getByText('Hoy').waitFor();
      // The photo fits inside its bubble at either width (Marta's is a phone).
      const overflow = await image.evaluate((img: HTMLImageElement) => {
        const bubble = img.closest('[data-testid="chat-message"]');
        return bubble ? img.getBoundingClientRect().right - bubble.getBoundingClientRect().right : Infinity;
      });
      expect(overflow).toBeLessThanOrEqual(0);
    }

    // Both have it open, so both have read it: Visto por 2, with the names on hover.
    const seen = elena.page.getByTestId('seen-by');
    await expect.poll(() => seen.textContent(), { timeout: 10_000 }).toBe('Visto por 2');
    await seen.click();
    const names = elena.page.locator('.mantine-Popover-dropdown');
    await names.getByText('Pablo Grupo', { exact: true }).waitFor();
    await names.getByText('Marta Grupo', { exact: true }).waitFor();
    await screenshot(elena.page, 'chat-group-laptop');
    await screenshot(marta.page, 'chat-group-phone');
    expect(await seriousViolations(elena.page)).toEqual([]);
    expect(await seriousViolations(marta.page)).toEqual([]);

    // The channel list at phone width, with General and the group.
    await marta.page.goto('/chat');
    await marta.page.getByTestId(`chat-channel-${channelId}`).waitFor();
    await marta.page.getByText('General').first().waitFor();
    await screenshot(marta.page, 'chat-channels-phone');
    expect(await seriousViolations(marta.page)).toEqual([]);
  });

  it('reads a long channel page by page, and searches a one-to-one conversation', { timeout: 120_000 }, async () => {
    const open = (firstName: string) => pageSignedInAs(suite.browser, suite.server, 'team_member', { firstName, lastName: 'Historia' });
    const lucia = await open('Lucía');
    const tomas = await open('Tomás');
    const luciaApi = await loginAs(suite.server, lucia.username);
    const channel = await luciaApi.post('/api/chat/channels', { name: 'Archivo de obra', memberIds: [tomas.userId] });
    expect(channel.status).toBe(201);
    // 130 old messages: more than the newest page of 100.
    await sql`insert into chat_messages (sender_id, channel_id, message, is_read, created_at)
      select ${tomas.userId}, ${channel.body.id}, 'Parte número ' || n, false, now() - (131 - n) * interval '1 minute'
      from generate_series(1, 130) as n`.execute(suite.server.ctx.db);

    await lucia.page.goto(`/chat?canal=${channel.body.id}`);
    // Within the conversation: the channel's row in the list previews its last message too.
    const messages = lucia.page.getByTestId('chat-message');
    await messages.getByText('Parte número 130', { exact: true }).waitFor();
    expect(await messages.getByText('Parte número 1', { exact: true }).count()).toBe(0);
    await lucia.page.getByRole('button', { name: 'Cargar mensajes anteriores' }).click();
    await messages.getByText('Parte número 1', { exact: true }).waitFor();
    // The first message reached: nothing earlier to ask for.
    await expect.poll(() => lucia.page.getByRole('button', { name: 'Cargar mensajes anteriores' }).count()).toBe(0);

    // One-to-one: the search finds a message whatever its accents and case.
    expect((await luciaApi.post('/api/chat/messages', { receiverId: tomas.userId, message: 'La reunión es el martes' })).status).toBe(201);
    expect((await luciaApi.post('/api/chat/messages', { receiverId: tomas.userId, message: 'Llevo los planos' })).status).toBe(201);
    await tomas.page.goto(`/chat?con=${lucia.userId}`);
    const shown = tomas.page.getByTestId('chat-message');
    await shown.getByText('Llevo los planos').waitFor();
    await tomas.page.getByRole('button', { name: 'Buscar en la conversación' }).click();
    await tomas.page.getByLabel('Buscar mensajes').fill('REUNION');
    await expect.poll(() => shown.allTextContents()).toEqual([expect.stringContaining('La reunión es el martes')]);
    await tomas.page.getByLabel('Buscar mensajes').fill('presupuesto');
    await tomas.page.getByText('Ningún mensaje contiene ese texto').waitFor();
    expect(await seriousViolations(tomas.page)).toEqual([]);
  });
});
