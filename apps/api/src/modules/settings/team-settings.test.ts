/** GET/PUT /api/settings/team and tRPC settings.team / updateTeam (docs/settings.md). */
import { beforeAll, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { openFeed } from '../../test/live-client.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

const spain = { country: 'ES', currency: 'EUR', locale: 'es-ES' as const, timeZone: 'Europe/Madrid', workingDays: [1, 2, 3, 4, 5] };

describeWithServer(
  'team settings',
  (server) => {
    let admin: ApiClient;
    let manager: ApiClient;
    let seller: ApiClient;
    let firstAdmin: ApiClient;

    beforeAll(async () => {
      const names = { admin: uniqueName('adm'), manager: uniqueName('man'), seller: uniqueName('ven') };
      await createUser(server(), { username: names.admin, systemRole: 'admin' });
      await createUser(server(), { username: names.manager, systemRole: 'manager' });
      await createUser(server(), { username: names.seller });
      admin = await loginAs(server(), names.admin);
      manager = await loginAs(server(), names.manager);
      seller = await loginAs(server(), names.seller);
      firstAdmin = await loginAs(server(), 'admin', 'admin-secreto');
    });

    it("answers the defaults until an admin saves: DEFAULT_COUNTRY's phones and money, Monday to Friday", async () => {
      const answer = await seller.get('/api/settings/team');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        country: 'AR',
        currency: 'ARS',
        locale: 'es-AR',
        timeZone: 'America/Argentina/Buenos_Aires',
        workingDays: [1, 2, 3, 4, 5],
        valuePerConversion: '1500.00',
        configured: false,
        offerSetup: false,
      });
      // Only the first admin is offered the setup, and only while nobody saved.
      expect((await admin.get('/api/settings/team')).body.offerSetup).toBe(false);
      expect((await firstAdmin.get('/api/settings/team')).body.offerSetup).toBe(true);
      expect((await seller.get('/api/settings')).body).toEqual({ phoneCountry: 'AR', phonePlaceholder: expect.any(String) });
    });

    it('refuses a Vendedor and a Manager (403) on REST and tRPC, and changes nothing', async () => {
      expect((await seller.put('/api/settings/team', spain)).status).toBe(403);
      expect((await manager.put('/api/settings/team', spain)).status).toBe(403);
      expect((await seller.get('/api/settings/team/phones-to-reread?country=ES')).status).toBe(403);
      const viaTrpc = await trpcFailure(trpcClientFor(seller).settings.updateTeam.mutate(spain));
      expect(viaTrpc.data?.code).toBe('FORBIDDEN');
      expect((await seller.get('/api/settings/team')).body.configured).toBe(false);
    });

    it('answers bad input with a Spanish 400 on both doors', async () => {
      const badZone = await admin.put('/api/settings/team', { ...spain, timeZone: 'Marte/Olympus' });
      expect(badZone.status).toBe(400);
      expect(badZone.body.message).toBe('Zona horaria inválida');
      const noDays = await admin.put('/api/settings/team', { ...spain, workingDays: [] });
      expect(noDays.body.message).toBe('Elige al menos un día laborable');
      expect((await admin.put('/api/settings/team', { ...spain, currency: 'EURO' })).status).toBe(400);
      expect((await admin.put('/api/settings/team', '{"country":')).status).toBe(400);
      const viaTrpc = await trpcFailure(trpcClientFor(admin).settings.updateTeam.mutate({ ...spain, country: 'XX' }));
      expect(viaTrpc.message).toBe('País inválido: usa un código ISO de dos letras (ES, AR, MX…)');
      expect((await admin.get('/api/settings/team/phones-to-reread?country=ZZ')).status).toBe(400);
    });

    it('counts and re-reads the phones typed without a country code, once the country is Spain', async () => {
      const typed = ['612 345 987', '699112233'];
      const leads = [];
      for (const phone of typed) {
        const created = await admin.post('/api/leads', { name: uniqueName('Bar '), phone, category: 'retail', description: 'd' });
        expect(created.status).toBe(201);
        leads.push(created.body);
      }
      // Read as Argentine they do not parse, so they were stored as typed.
      expect(leads.map((lead) => lead.phone)).toEqual(typed);
      const argentine = await admin.post('/api/leads', {
        name: uniqueName('Kiosco '),
        phone: '11 2345-6789',
        category: 'retail',
        description: 'd',
      });
      expect(argentine.body.phone).toBe('+541123456789');

      expect((await admin.get('/api/settings/team/phones-to-reread?country=ES')).body).toEqual({ count: 2 });
      const saved = await admin.put('/api/settings/team', { ...spain, rereadPhones: true });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ ...spain, valuePerConversion: '1500.00', configured: true, offerSetup: false, phonesUpdated: 2 });
      for (const [index, lead] of leads.entries()) {
        const phone = (await admin.get(`/api/leads/${lead.id}`)).body.phone;
        expect(phone).toBe(index === 0 ? '+34612345987' : '+34699112233');
      }
      expect((await admin.get(`/api/leads/${argentine.body.id}`)).body.phone).toBe('+541123456789');
      // A new lead typed without the code is Spanish now; everyone reads the new settings.
      const later = await admin.post('/api/leads', {
        name: uniqueName('Café '),
        phone: '655 44 33 22',
        category: 'retail',
        description: 'd',
      });
      expect(later.body.phone).toBe('+34655443322');
      expect((await seller.get('/api/settings/team')).body).toMatchObject({ ...spain, configured: true });
      expect((await firstAdmin.get('/api/settings/team')).body.offerSetup).toBe(false);
      expect((await seller.get('/api/settings')).body.phoneCountry).toBe('ES');
    });

    it('tells every open screen when an admin saves, on both doors, and no one when a save is refused', async () => {
      const feeds = await Promise.all([seller, manager].map((client) => openFeed(server().url, client)));
      const changes = () => feeds.map((feed) => feed.events.filter((event) => event.type === 'teamSettingsChanged'));
      try {
        expect((await seller.put('/api/settings/team', { ...spain, country: 'MX' })).status).toBe(403);
        expect((await admin.put('/api/settings/team', spain)).status).toBe(200);
        await expect
          .poll(changes)
          .toEqual([[{ type: 'teamSettingsChanged', phonesUpdated: 0 }], [{ type: 'teamSettingsChanged', phonesUpdated: 0 }]]);
        await trpcClientFor(firstAdmin).settings.updateTeam.mutate(spain);
        await expect.poll(() => changes().map((events) => events.length)).toEqual([2, 2]);
      } finally {
        await Promise.all(feeds.map((feed) => feed.close()));
      }
    });

    it('keeps one row and a consistent answer when two admins save at once', async () => {
      const mexico = { ...spain, country: 'MX', currency: 'MXN', locale: 'es-MX' as const, timeZone: 'America/Mexico_City' };
      const [first, second] = await Promise.all([
        admin.put('/api/settings/team', { ...mexico, rereadPhones: true }),
        trpcClientFor(firstAdmin).settings.updateTeam.mutate({ ...spain, workingDays: [1, 2, 3, 4, 5, 6], rereadPhones: true }),
      ]);
      expect(first.status).toBe(200);
      expect(second.configured).toBe(true);
      const stored = await server().ctx.db.selectFrom('team_settings').selectAll().execute();
      expect(stored).toHaveLength(1);
      const now = (await seller.get('/api/settings/team')).body;
      expect([mexico.country, spain.country]).toContain(now.country);
      await admin.put('/api/settings/team', spain);
    });
  },
  { DEFAULT_COUNTRY: 'AR', TZ: 'America/Argentina/Buenos_Aires' },
);
