/** GET /api/search and tRPC search.everything: leads by accents, case, domain and phone fragments in any format; people; groups. */
import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { trpcClientFor } from '../../test/trpc-client.js';

describeWithServer(
  'search everything',
  (server) => {
    let seller: ApiClient;
    let tag: string;
    let leadId: number;
    beforeAll(async () => {
      tag = uniqueName('s').toLowerCase();
      const adminName = uniqueName('sadm');
      const sellerName = uniqueName('svend');
      await createUser(server(), { username: adminName, systemRole: 'admin' });
      await createUser(server(), { username: sellerName, firstName: 'Íñigo', lastName: `Ibáñez ${tag}` });
      const admin = await loginAs(server(), adminName);
      seller = await loginAs(server(), sellerName);
      const created = await admin.post('/api/leads', {
        name: `Clínica Peñalba ${tag}`,
        email: `info.${tag}@penalba.es`,
        phone: '612 345 987',
        category: 'salud',
        description: 'Centro médico',
      });
      leadId = created.body.id;
      await server()
        .ctx.db.updateTable('leads')
        .set({ domain: `www.Penalba-${tag}.es` })
        .where('id', '=', leadId)
        .execute();
      await server()
        .ctx.db.insertInto('lead_groups')
        .values({ name: `Ferias ${tag}`, description: null, assigned_role_id: null, created_by: null })
        .execute();
    });

    it('finds a lead by a phone fragment typed in any format', async () => {
      for (const q of ['612 34', '+34 612-345', '(612) 345 98', '34612345987']) {
        const response = await seller.get(`/api/search?q=${encodeURIComponent(q)}`);
        expect(response.status).toBe(200);
        expect(response.body.leads.map((lead: { id: number }) => lead.id)).toContain(leadId);
      }
    });

    it('finds a lead by its name or email without accents or case, and by its domain', async () => {
      for (const q of [`CLINICA PENALBA ${tag}`, `peñalba ${tag}`, `info.${tag}`, `penalba-${tag}`]) {
        const { body } = await seller.get(`/api/search?q=${encodeURIComponent(q)}`);
        expect(body.leads).toEqual([
          { id: leadId, name: `Clínica Peñalba ${tag}`, email: `info.${tag}@penalba.es`, phone: '+34612345987', status: 'nuevo' },
        ]);
      }
    });

    it('finds people and groups, five of each at most, on tRPC too', async () => {
      const { body } = await seller.get(`/api/search?q=${encodeURIComponent(`inigo ibanez ${tag}`)}`);
      expect(body.users).toEqual([expect.objectContaining({ name: `Íñigo Ibáñez ${tag}` })]);
      const viaTrpc = await trpcClientFor(seller).search.everything.query({ q: `FERIAS ${tag}` });
      expect(viaTrpc.groups).toEqual([expect.objectContaining({ name: `Ferias ${tag}` })]);
      expect(viaTrpc.leads).toEqual([]);
    });

    it('follows a lead through an edit of its name, phone and domain, and forgets it once deleted', async () => {
      const admin = await loginAs(server(), (await createUser(server(), { username: uniqueName('sedit'), systemRole: 'admin' })).username);
      const { body: lead } = await admin.post('/api/leads', {
        name: `Óptica Ruiz ${tag}`,
        email: `ruiz.${tag}@ruiz.es`,
        phone: '699 111 222',
        category: 'retail',
        description: 'Gafas',
      });
      const foundBy = async (q: string) =>
        (await seller.get(`/api/search?q=${encodeURIComponent(q)}`)).body.leads.map((found: { id: number }) => found.id);
      expect(await foundBy(`optica ruiz ${tag}`)).toEqual([lead.id]);

      const edited = await admin.put(`/api/leads/${lead.id}`, {
        name: `Óptica Sanz ${tag}`,
        phone: '688 777 333',
        domain: `sanz-${tag}.es`,
      });
      expect(edited.status).toBe(200);
      expect(await foundBy(`optica ruiz ${tag}`)).toEqual([]);
      expect(await foundBy('699 111')).not.toContain(lead.id);
      for (const q of [`ÓPTICA SANZ ${tag}`, '688 777 3', `sanz-${tag}`]) expect(await foundBy(q)).toContain(lead.id);
      // Reassigning leaves the search keys as they were.
      expect((await admin.put(`/api/leads/${lead.id}/assign`, { assignedTo: null })).status).toBe(200);
      expect(await foundBy(`optica sanz ${tag}`)).toEqual([lead.id]);

      expect((await admin.delete(`/api/leads/${lead.id}`)).status).toBe(200);
      expect(await foundBy(`optica sanz ${tag}`)).toEqual([]);
      const left = await server().ctx.db.selectFrom('lead_search').select('lead_id').where('lead_id', '=', lead.id).execute();
      expect(left).toEqual([]);
    });

    it('answers nothing for a query under two characters, and refuses a long one in Spanish', async () => {
      expect((await seller.get('/api/search?q=a')).body).toEqual({ leads: [], users: [], groups: [] });
      const long = await seller.get(`/api/search?q=${'x'.repeat(101)}`);
      expect(long.status).toBe(400);
      expect(long.body.message).toBe('Máximo 100 caracteres');
    });
  },
  { DEFAULT_COUNTRY: 'ES' },
);
