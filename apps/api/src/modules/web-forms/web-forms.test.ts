/**
 * Web forms over real HTTP on the database: the admin's forms, the hosted page, the spam defences
 * (honeypot, proof of work, per-address limit), CORS for the allowed sites only, one lead per email or
 * phone (concurrent submissions included), distribution by the form's role and the assignee told live.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { openFeed } from '../../test/live-client.js';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { fetchChallenge, postSubmission, proofFor } from '../../test/web-form-client.js';
import { followUpSubmissions, sweepFollowUpsJob } from './web-form-follow-up.js';

const RUN = { attempt: 0, signal: new AbortController().signal };

const SITE = 'https://www.clinica-sol.es';
const OTHER_SITE = 'https://spam.example';
let ipCounter = 0;
/** Each test speaks from its own address, so the per-address limit of one never touches another. */
const freshIp = () => `198.51.100.${(ipCounter += 1)}`;

const FIELDS = [
  { field: 'name', required: true },
  { field: 'email', required: false },
  { field: 'phone', required: false },
  { field: 'description', required: false },
];

describeWithServer(
  'web forms',
  (server) => {
    let admin: ApiClient;

    beforeAll(async () => {
      const username = uniqueName('fadm');
      await createUser(server(), { username, systemRole: 'admin' });
      admin = await loginAs(server(), username);
    });

    async function newForm(overrides: Record<string, unknown> = {}) {
      const created = await admin.post('/api/forms', {
        name: `Contacto ${uniqueName('web')}`,
        fields: FIELDS,
        category: 'salud',
        roleId: null,
        thankYouText: '¡Gracias! Te llamamos hoy.',
        redirectUrl: null,
        allowedOrigins: [SITE],
        active: true,
        ...overrides,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body as { id: number; slug: string; name: string };
    }

    const followUpsAwaiting = async (formId: number) =>
      (
        await server()
          .ctx.db.selectFrom('web_form_submissions')
          .select('id')
          .where('form_id', '=', formId)
          .where('awaiting_follow_up', '=', true)
          .execute()
      ).length;

    const leadsWithEmail = (email: string) =>
      server().ctx.db.selectFrom('leads').select(['id', 'name', 'assigned_to']).where('email_key', '=', email.toLowerCase()).execute();

    describe('the admin side', () => {
      it('creates, lists, edits and deletes a form; a team member is refused; a taken slug is a 409', async () => {
        const form = await newForm({ slug: uniqueName('alta').toLowerCase() });
        expect((await admin.get('/api/forms')).body.map((row: { id: number }) => row.id)).toContain(form.id);

        const seller = await createUser(server(), { username: uniqueName('fsel') });
        const sellerApi = await loginAs(server(), seller.username);
        expect((await sellerApi.get('/api/forms')).status).toBe(403);
        // The declared permission is checked before the body is read: an invalid body is refused as well.
        expect((await sellerApi.post('/api/forms', { name: 'X' })).status).toBe(403);
        expect((await sellerApi.delete(`/api/forms/${form.id}`)).status).toBe(403);

        const other = await newForm();
        const taken = await admin.put(`/api/forms/${other.id}`, { slug: form.slug });
        expect(taken.status).toBe(409);
        expect(taken.body.message).toBe('Ya existe un formulario con esa dirección');

        const edited = await admin.put(`/api/forms/${form.id}`, { thankYouText: 'Recibido', allowedOrigins: ['https://b.example/'] });
        expect(edited.status).toBe(200);
        expect(edited.body).toMatchObject({ thankYouText: 'Recibido', allowedOrigins: ['https://b.example'] });

        expect((await admin.delete(`/api/forms/${form.id}`)).status).toBe(200);
        expect((await admin.get(`/api/forms/${form.id}`)).status).toBe(404);
      });

      it('refuses in Spanish a form without a required name, without email or phone, or with a bad origin', async () => {
        const base = { name: 'Malo', category: null, roleId: null, thankYouText: 'Gracias', redirectUrl: null, active: true };
        const noName = await admin.post('/api/forms', { ...base, fields: [{ field: 'email', required: true }], allowedOrigins: [] });
        expect(noName.status).toBe(400);
        expect(noName.body.message).toBe('El nombre se muestra siempre y es obligatorio');
        const noContact = await admin.post('/api/forms', { ...base, fields: [{ field: 'name', required: true }], allowedOrigins: [] });
        expect(noContact.body.message).toBe('El formulario debe pedir el email o el teléfono');
        const badOrigin = await admin.post('/api/forms', { ...base, fields: FIELDS, allowedOrigins: ['https://a.es/contacto'] });
        expect(badOrigin.status).toBe(400);
        expect(badOrigin.body.message).toMatch(/^Origen inválido/);
      });
    });

    describe('the public door', () => {
      it('serves the hosted page framed only by the allowed sites; an inactive form is a 404 everywhere', async () => {
        const form = await newForm();
        const page = await fetch(new URL(`/f/${form.slug}`, server().url));
        expect(page.status).toBe(200);
        const html = await page.text();
        expect(html).toContain('<html lang="es">');
        expect(html).toContain(`<h1>${form.name}</h1>`);
        expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors 'self' ${SITE}`);
        expect(page.headers.get('x-frame-options')).toBeNull();

        await admin.put(`/api/forms/${form.id}`, { active: false });
        expect((await fetch(new URL(`/f/${form.slug}`, server().url))).status).toBe(404);
        expect((await fetchChallenge(server().url, form.slug)).status).toBe(404);
        const submitted = await postSubmission(server().url, form.slug, { name: 'Ana', email: 'ana@x.es', altcha: 'x' }, { ip: freshIp() });
        expect(submitted.status).toBe(404);
        expect(submitted.body.message).toBe('Formulario no encontrado');
      });

      it('answers the preflight and the post of an allowed site with CORS, and refuses any other site', async () => {
        const form = await newForm();
        const url = new URL(`/api/forms/${form.slug}/submissions`, server().url);
        const preflight = (origin: string) =>
          fetch(url, {
            method: 'OPTIONS',
            headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
          });
        const allowed = await preflight(SITE);
        expect(allowed.status).toBe(204);
        expect(allowed.headers.get('access-control-allow-origin')).toBe(SITE);
        expect(allowed.headers.get('access-control-allow-headers')).toBe('content-type');
        const refused = await preflight(OTHER_SITE);
        expect(refused.status).toBe(403);
        expect(refused.headers.get('access-control-allow-origin')).toBeNull();

        const email = `${uniqueName('cors')}@clinica.es`;
        const fromSite = await postSubmission(server().url, form.slug, { name: 'Clínica Cors', email }, { origin: SITE, ip: freshIp() });
        expect(fromSite.status, JSON.stringify(fromSite.body)).toBe(200);
        expect(fromSite.body).toEqual({ thankYouText: '¡Gracias! Te llamamos hoy.', redirectUrl: null });
        expect(fromSite.headers.get('access-control-allow-origin')).toBe(SITE);

        const proof = await proofFor(server().url, form.slug, { ip: freshIp() });
        const fromOther = await postSubmission(
          server().url,
          form.slug,
          { name: 'Spam', email: `${uniqueName('spam')}@x.es`, altcha: proof },
          { origin: OTHER_SITE, ip: freshIp() },
        );
        expect(fromOther.status).toBe(403);
        expect(fromOther.body.message).toBe('Este sitio web no puede enviar este formulario');
        expect(fromOther.headers.get('access-control-allow-origin')).toBeNull();
        expect((await fetchChallenge(server().url, form.slug, { origin: OTHER_SITE })).status).toBe(403);
        // The CRM's own host passes whatever the scheme a TLS proxy in front of it shows the browser.
        const ownBehindProxy = new URL(server().url).origin.replace('http:', 'https:');
        expect((await fetchChallenge(server().url, form.slug, { origin: ownBehindProxy })).status).toBe(200);
        expect(await leadsWithEmail(email)).toHaveLength(1);
      });

      it('refuses a filled honeypot, a missing, forged or replayed proof of work, and bad values, creating nothing', async () => {
        const form = await newForm();
        const email = `${uniqueName('spam')}@bots.es`;
        const honeypot = await postSubmission(server().url, form.slug, { name: 'Bot', email, fax: 'http://casino' }, { ip: freshIp() });
        expect(honeypot.status).toBe(400);
        expect(honeypot.body.message).toBe('No se pudo enviar el formulario');

        const missing = await fetch(new URL(`/api/forms/${form.slug}/submissions`, server().url), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() },
          body: JSON.stringify({ name: 'Bot', email }),
        });
        expect(missing.status).toBe(400);
        expect(((await missing.json()) as { message: string }).message).toBe('Falta la comprobación anti-spam');

        const challenge = (await fetchChallenge(server().url, form.slug)).body;
        const forged = Buffer.from(JSON.stringify({ challenge, solution: { counter: 1, derivedKey: 'ab'.repeat(32) } })).toString('base64');
        const wrong = await postSubmission(server().url, form.slug, { name: 'Bot', email, altcha: forged }, { ip: freshIp() });
        expect(wrong.status).toBe(400);
        expect(wrong.body.message).toMatch(/^La comprobación anti-spam no es válida/);
        expect(
          (await postSubmission(server().url, form.slug, { name: 'Bot', email, altcha: 'no-es-base64' }, { ip: freshIp() })).status,
        ).toBe(400);

        const otherForm = await newForm();
        const proofOfOther = await proofFor(server().url, otherForm.slug);
        expect(
          (await postSubmission(server().url, form.slug, { name: 'Bot', email, altcha: proofOfOther }, { ip: freshIp() })).status,
        ).toBe(400);

        const badValues = await postSubmission(server().url, form.slug, { name: '', email: 'no-es-email' }, { ip: freshIp() });
        expect(badValues.status).toBe(400);
        expect(badValues.body.message).toBe('Email inválido');
        const noContact = await postSubmission(server().url, form.slug, { name: 'Sin contacto' }, { ip: freshIp() });
        expect(noContact.body.message).toBe('Indica un email o un teléfono');
        expect(await leadsWithEmail(email)).toEqual([]);

        const proof = await proofFor(server().url, form.slug);
        const first = await postSubmission(server().url, form.slug, { name: 'Real', email, altcha: proof }, { ip: freshIp() });
        expect(first.status).toBe(200);
        const replayed = await postSubmission(server().url, form.slug, { name: 'Real', email, altcha: proof }, { ip: freshIp() });
        expect(replayed.status).toBe(400);
        expect(replayed.body.message).toMatch(/^La comprobación anti-spam no es válida/);
      });

      it('answers 429 past the per-address limit, counted in the database, while another address goes on', async () => {
        const form = await newForm();
        const ip = freshIp();
        for (let index = 0; index < 3; index += 1) {
          const sent = await postSubmission(server().url, form.slug, { name: `Lote ${index}`, email: `${uniqueName('lim')}@x.es` }, { ip });
          expect(sent.status).toBe(200);
        }
        const over = await postSubmission(server().url, form.slug, { name: 'Uno más', email: `${uniqueName('lim')}@x.es` }, { ip });
        expect(over.status).toBe(429);
        expect(over.body.message).toBe('Demasiados envíos desde tu conexión: espera unos minutos y vuelve a intentarlo');
        const elsewhere = await postSubmission(
          server().url,
          form.slug,
          { name: 'Otra red', email: `${uniqueName('lim')}@x.es` },
          { ip: freshIp() },
        );
        expect(elsewhere.status).toBe(200);
        const rows = await server().ctx.db.selectFrom('web_form_address_hits').select('hit_at').execute();
        expect(rows.some((row) => row.hit_at.length === 3)).toBe(true);
      });

      it('rejects a body over its limit with a 413', async () => {
        const form = await newForm();
        const huge = await postSubmission(
          server().url,
          form.slug,
          { name: 'Grande', description: 'x'.repeat(40_000), altcha: 'x' },
          { ip: freshIp() },
        );
        expect(huge.status).toBe(413);
      });
    });

    describe('leads from submissions', () => {
      it('creates a lead with its source, page and UTM; the same email (any case) or phone (any format) adds to it', async () => {
        const form = await newForm({ category: null });
        const email = `${uniqueName('dup')}@Clinica.es`;
        const page = `${SITE}/contacto?utm_source=google&utm_medium=cpc&utm_campaign=otono`;
        const first = await postSubmission(
          server().url,
          form.slug,
          { name: 'Clínica Duplicada', email, phone: '612 345 678', description: 'Quiero presupuesto', category: 'legal', pageUrl: page },
          { origin: SITE, ip: freshIp() },
        );
        expect(first.status, JSON.stringify(first.body)).toBe(200);
        const [lead] = await leadsWithEmail(email);
        if (!lead) throw new Error('no lead');
        const history = await admin.get(`/api/leads/${lead.id}/history`);
        const created = history.body.find((entry: { type: string }) => entry.type === 'created');
        expect(created.changes).toEqual({ source: `Formulario: ${form.name}` });
        const submitted = history.body.find((entry: { type: string }) => entry.type === 'form_submitted');
        expect(submitted.changes).toMatchObject({
          formName: form.name,
          outcome: 'created',
          pageUrl: page,
          utm: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'otono' },
        });
        expect((await admin.get(`/api/leads/${lead.id}`)).body).toMatchObject({ category: 'legal', description: 'Quiero presupuesto' });

        const byEmail = await postSubmission(
          server().url,
          form.slug,
          { name: 'Otra vez', email: email.toUpperCase(), description: 'Sigo esperando', category: 'salud' },
          { ip: freshIp() },
        );
        expect(byEmail.status).toBe(200);
        const byPhone = await postSubmission(
          server().url,
          form.slug,
          { name: 'Por teléfono', phone: '+34 612-34-56-78', category: 'salud' },
          { ip: freshIp() },
        );
        expect(byPhone.status).toBe(200);
        expect(await leadsWithEmail(email)).toHaveLength(1);
        const notes = await admin.get(`/api/leads/${lead.id}/notes`);
        expect(notes.body.map((note: { body: string }) => note.body.split('\n')[0])).toEqual([
          `Nuevo envío del formulario «${form.name}»`,
          `Nuevo envío del formulario «${form.name}»`,
        ]);
        expect(notes.body.some((note: { body: string }) => note.body.includes('Mensaje: Sigo esperando'))).toBe(true);

        const log = await admin.get(`/api/forms/${form.id}/submissions`);
        expect(log.body.items.map((item: { outcome: string; leadId: number }) => [item.outcome, item.leadId])).toEqual([
          ['merged', lead.id],
          ['merged', lead.id],
          ['created', lead.id],
        ]);
        expect(log.body.items[2].utm).toEqual({ utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'otono' });
      });

      it('makes one lead of five simultaneous submissions with the same new email', async () => {
        const form = await newForm();
        const email = `${uniqueName('race')}@carrera.es`;
        const proofs = await Promise.all(Array.from({ length: 5 }, () => proofFor(server().url, form.slug)));
        const answers = await Promise.all(
          proofs.map((altcha, index) =>
            postSubmission(server().url, form.slug, { name: `Carrera ${index}`, email, altcha }, { ip: freshIp() }),
          ),
        );
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
        expect(await leadsWithEmail(email)).toHaveLength(1);
        const outcomes = await server()
          .ctx.db.selectFrom('web_form_submissions')
          .select('outcome')
          .where('form_id', '=', form.id)
          .execute();
        expect(outcomes.map((row) => row.outcome).sort()).toEqual(['created', 'merged', 'merged', 'merged', 'merged']);
      });

      it("hands new leads out by the role's rule and tells each assignee live", async () => {
        const role = await admin.post('/api/custom-roles', { name: uniqueName('rolf').toLowerCase(), displayName: 'Web' });
        const members: { id: number; username: string }[] = [];
        for (let index = 0; index < 2; index += 1) {
          const user = await createUser(server(), { username: uniqueName('vend') });
          await admin.post(`/api/users/${user.id}/roles/${role.body.id}`);
          members.push(user);
        }
        expect((await admin.put(`/api/custom-roles/${role.body.id}`, { distribution: 'round_robin' })).status).toBe(200);
        const form = await newForm({ roleId: role.body.id });
        const firstApi = await loginAs(server(), (members[0] as { username: string }).username);
        const feed = await openFeed(server().url, firstApi);
        try {
          const emails = [`${uniqueName('rep')}@a.es`, `${uniqueName('rep')}@b.es`];
          for (const email of emails) {
            expect((await postSubmission(server().url, form.slug, { name: `Reparto ${email}`, email }, { ip: freshIp() })).status).toBe(
              200,
            );
          }
          // Handed out right after the commit, by the submission's follow-up on the job queue.
          const assigneesOf = () => Promise.all(emails.map(async (email) => (await leadsWithEmail(email))[0]?.assigned_to ?? null));
          await expect.poll(async () => (await assigneesOf()).sort()).toEqual(members.map((member) => member.id).sort());
          const assignees = await assigneesOf();
          const mine = (await leadsWithEmail(emails[assignees.indexOf(members[0]?.id ?? 0)] ?? ''))[0];
          await expect
            .poll(() =>
              feed.events.some(
                (event) =>
                  event.type === 'notification' &&
                  event.notification.title === 'Te asignaron un lead' &&
                  event.notification.leadId === mine?.id,
              ),
            )
            .toBe(true);
          const list = await firstApi.get('/api/leads?assignedTo=me');
          expect(list.body.items.map((item: { id: number }) => item.id)).toContain(mine?.id);
        } finally {
          await feed.close();
        }
      });

      it('leaves the lead unassigned when the form has no role', async () => {
        const form = await newForm();
        const email = `${uniqueName('sin')}@rol.es`;
        expect((await postSubmission(server().url, form.slug, { name: 'Sin rol', email }, { ip: freshIp() })).status).toBe(200);
        await expect.poll(() => followUpsAwaiting(form.id)).toBe(0);
        expect((await leadsWithEmail(email))[0]?.assigned_to).toBeNull();
      });

      it('follows each submission up once, however often its job runs, and the sweep finds one left waiting', async () => {
        const role = await admin.post('/api/custom-roles', { name: uniqueName('rolu').toLowerCase(), displayName: 'Una vez' });
        const seller = await createUser(server(), { username: uniqueName('vuna') });
        await admin.post(`/api/users/${seller.id}/roles/${role.body.id}`);
        expect((await admin.put(`/api/custom-roles/${role.body.id}`, { distribution: 'round_robin' })).status).toBe(200);
        const form = await newForm({ roleId: role.body.id });
        const email = `${uniqueName('una')}@vez.es`;
        expect((await postSubmission(server().url, form.slug, { name: 'Una vez', email }, { ip: freshIp() })).status).toBe(200);
        await expect.poll(async () => (await leadsWithEmail(email))[0]?.assigned_to).toBe(seller.id);
        const [lead] = await leadsWithEmail(email);
        const submission = await server()
          .ctx.db.selectFrom('web_form_submissions')
          .select('id')
          .where('form_id', '=', form.id)
          .executeTakeFirstOrThrow();
        const assignedNotes = () =>
          server()
            .ctx.db.selectFrom('notifications')
            .select('id')
            .where('lead_id', '=', lead?.id ?? 0)
            .where('kind', '=', 'lead_assigned')
            .execute();
        expect(await assignedNotes()).toHaveLength(1);

        // A retried job (its first run committed, its completion was lost) changes nothing.
        await followUpSubmissions(server().ctx, [submission.id]);
        expect(await assignedNotes()).toHaveLength(1);

        // A submission whose job ran out of tries long ago, still waiting: the sweep gives it a new job.
        await sql`update leads set assigned_to = null where id = ${lead?.id ?? 0}`.execute(server().ctx.db);
        await sql`update web_form_submissions set awaiting_follow_up = true, created_at = now() - interval '1 hour'
          where id = ${submission.id}`.execute(server().ctx.db);
        await sweepFollowUpsJob.handler({ ...server().ctx, database: { url: server().database.url, embedded: false } }, {}, RUN);
        await expect.poll(async () => (await leadsWithEmail(email))[0]?.assigned_to).toBe(seller.id);
        expect(await followUpsAwaiting(form.id)).toBe(0);
      });
    });
  },
  { TRUST_PROXY: 'true', FORMS_POW_MAX_COUNTER: '2000', FORMS_SUBMISSIONS_PER_ADDRESS: '3' },
);
