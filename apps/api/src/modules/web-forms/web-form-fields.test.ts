/**
 * Web forms asking for the primary contact and the lead's custom fields, over real HTTP on the
 * database: the settings refuse what a form cannot show, the hosted page draws each type, a
 * submission is checked by each field's type (the one custom-field builder) and writes the lead,
 * its contact and its custom values in one transaction; a known lead gets its contact updated
 * or added and only its empty custom fields filled; an archived field leaves the form without breaking it.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { openFeed } from '../../test/live-client.js';
import { postSubmission } from '../../test/web-form-client.js';

let ipCounter = 0;
const freshIp = () => `203.0.113.${(ipCounter += 1)}`;

/** One lead custom field of each type, as 'Nuevo campo' defines them. */
const FIELD_TYPES = [
  { label: 'Provincia', type: 'select', options: ['Madrid', 'Sevilla'] },
  { label: 'Servicios', type: 'multi_select', options: ['Limpieza', 'Jardín', 'Piscina'] },
  { label: 'Comentario corto', type: 'text' },
  { label: 'Detalle', type: 'long_text' },
  { label: 'Empleados', type: 'number' },
  { label: 'Presupuesto', type: 'money' },
  { label: 'Fecha visita', type: 'date' },
  { label: 'Acepta llamadas', type: 'checkbox' },
  { label: 'Web anterior', type: 'url' },
  { label: 'Email facturación', type: 'email' },
  { label: 'Móvil guardia', type: 'phone' },
] as const;

describeWithServer(
  'web forms with contact and custom fields',
  (server) => {
    let admin: ApiClient;
    /** The key of each field, by its label. */
    const keys: Record<string, string> = {};

    beforeAll(async () => {
      const username = uniqueName('cfadm');
      await createUser(server(), { username, systemRole: 'admin' });
      admin = await loginAs(server(), username);
      for (const field of FIELD_TYPES) {
        const created = await admin.post('/api/custom-fields', field);
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        keys[field.label] = created.body.key;
      }
    });

    const cf = (label: string) => `customFields.${keys[label] ?? label}`;

    async function newForm(fields: { field: string; required: boolean }[], overrides: Record<string, unknown> = {}) {
      const created = await admin.post('/api/forms', {
        name: `Campos ${uniqueName('f')}`,
        fields: [{ field: 'name', required: true }, { field: 'email', required: false }, ...fields],
        category: 'otros',
        roleId: null,
        thankYouText: 'Gracias',
        redirectUrl: null,
        allowedOrigins: [],
        active: true,
        ...overrides,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body as { id: number; slug: string; name: string; fields: { field: string; required: boolean }[] };
    }

    const everyType = () => FIELD_TYPES.map((field) => ({ field: cf(field.label), required: false }));
    const CONTACT = [
      { field: 'contact.name', required: false },
      { field: 'contact.cargo', required: false },
      { field: 'contact.email', required: false },
      { field: 'contact.phone', required: false },
    ];

    const leadByEmail = async (email: string) => {
      const rows = await server().ctx.db.selectFrom('leads').select('id').where('email_key', '=', email.toLowerCase()).execute();
      return rows;
    };

    describe('the settings', () => {
      it('keeps contact and custom fields in their order and refuses what a form cannot show, in Spanish', async () => {
        const form = await newForm([...CONTACT, { field: cf('Provincia'), required: true }, { field: cf('Presupuesto'), required: false }]);
        expect(form.fields.map((setting) => setting.field)).toEqual([
          'name',
          'email',
          'contact.name',
          'contact.cargo',
          'contact.email',
          'contact.phone',
          cf('Provincia'),
          cf('Presupuesto'),
        ]);
        const base = {
          name: 'Malo',
          category: null,
          roleId: null,
          thankYouText: 'Gracias',
          redirectUrl: null,
          allowedOrigins: [],
          active: true,
        };
        const withFields = (fields: unknown[]) =>
          admin.post('/api/forms', {
            ...base,
            fields: [{ field: 'name', required: true }, { field: 'email', required: false }, ...fields],
          });

        const unknown = await withFields([{ field: 'customFields.no_existe', required: false }]);
        expect(unknown.status).toBe(400);
        expect(unknown.body.message).toBe('Campo personalizado desconocido: no_existe');
        const malformed = await withFields([{ field: 'contact.notes', required: false }]);
        expect(malformed.status).toBe(400);
        expect(malformed.body.message).toBe('Campo desconocido');
        const noContactName = await withFields([{ field: 'contact.cargo', required: true }]);
        expect(noContactName.body.message).toBe('Para pedir datos de la persona de contacto, el formulario debe pedir también su nombre');
        const repeated = await withFields([
          { field: cf('Provincia'), required: false },
          { field: cf('Provincia'), required: true },
        ]);
        expect(repeated.body.message).toBe('Cada campo puede aparecer una sola vez');

        const edited = await admin.put(`/api/forms/${form.id}`, {
          fields: [
            { field: 'name', required: true },
            { field: 'phone', required: true },
          ],
        });
        expect(edited.status).toBe(200);
        expect(edited.body.fields).toEqual([
          { field: 'name', required: true },
          { field: 'phone', required: true },
        ]);
        const editedUnknown = await admin.put(`/api/forms/${form.id}`, {
          fields: [...edited.body.fields, { field: 'customFields.x', required: false }],
        });
        expect(editedUnknown.status).toBe(400);
        expect(editedUnknown.body.message).toBe('Campo personalizado desconocido: x');
      });
    });

    describe('the hosted page', () => {
      it('draws each field with its input type, its label, its required mark and its Spanish messages', async () => {
        const form = await newForm([
          { field: 'contact.name', required: true },
          { field: 'contact.email', required: false },
          ...everyType().map((setting) => ({ ...setting, required: setting.field === cf('Provincia') })),
        ]);
        const html = await (await fetch(new URL(`/f/${form.slug}`, server().url))).text();
        const control = (label: string) => {
          const path = cf(label);
          const start = html.indexOf(`data-field="${path}"`);
          expect(start, label).toBeGreaterThan(0);
          return html.slice(start, html.indexOf('field-error', start));
        };
        expect(control('Provincia')).toContain('data-required-message="«Provincia» es obligatorio"');
        expect(control('Provincia')).toMatch(
          /<label for="[^"]+">Provincia <span class="req">\(obligatorio\)<\/span><\/label><select [^>]* required>/,
        );
        expect(control('Provincia')).toContain('<option value="Sevilla">Sevilla</option>');
        expect(control('Servicios')).toMatch(/^data-field="[^"]+"[^>]*data-multiple><legend>Servicios<\/legend>/);
        expect(control('Servicios').match(/type="checkbox"/g)).toHaveLength(3);
        expect(control('Comentario corto')).toContain('<input type="text"');
        expect(control('Detalle')).toContain('<textarea');
        expect(control('Empleados')).toContain('<input type="number"');
        expect(control('Empleados')).toContain('data-invalid-message="«Empleados»: debe ser un número"');
        expect(control('Presupuesto')).toContain('step="0.01"');
        expect(control('Fecha visita')).toContain('<input type="date"');
        expect(control('Acepta llamadas')).toContain('<input type="checkbox"');
        expect(control('Web anterior')).toContain('<input type="url"');
        expect(control('Email facturación')).toContain('<input type="email"');
        expect(control('Móvil guardia')).toContain('<input type="tel"');
        expect(html).toMatch(
          /<label for="campo-contact-name">Persona de contacto <span class="req">\(obligatorio\)<\/span><\/label><input type="text"[^>]* name="contact.name"/,
        );
        expect(html).toContain('data-invalid-message="Email de contacto inválido"');
        expect(html).toContain('novalidate');
      });
    });

    describe('submissions', () => {
      it('writes every type of custom value as stored, and the primary contact, with the new lead', async () => {
        const form = await newForm([...CONTACT, ...everyType()]);
        const email = `${uniqueName('tipos')}@hogar.es`;
        const sent = await postSubmission(
          server().url,
          form.slug,
          {
            name: 'Casa Tipos',
            email,
            contact: { name: 'Lucía Pardo', cargo: 'Gerente', email: 'lucia@hogar.es', phone: '+34 612 345 678' },
            customFields: {
              [keys.Provincia as string]: 'sevilla',
              [keys.Servicios as string]: ['Limpieza', 'piscina'],
              [keys['Comentario corto'] as string]: '  Urgente  ',
              [keys.Detalle as string]: 'Tres plantas\ncon jardín',
              [keys.Empleados as string]: '12',
              [keys.Presupuesto as string]: '1500.5',
              [keys['Fecha visita'] as string]: '2026-03-01',
              [keys['Acepta llamadas'] as string]: 'true',
              [keys['Web anterior'] as string]: 'www.casatipos.es',
              [keys['Email facturación'] as string]: 'pagos@hogar.es',
              [keys['Móvil guardia'] as string]: '+34 699 111 222',
            },
          },
          { ip: freshIp() },
        );
        expect(sent.status, JSON.stringify(sent.body)).toBe(200);
        const [row] = await leadByEmail(email);
        const lead = await admin.get(`/api/leads/${row?.id}`);
        expect(lead.body.customFields).toEqual({
          [keys.Provincia as string]: 'Sevilla',
          [keys.Servicios as string]: ['Limpieza', 'Piscina'],
          [keys['Comentario corto'] as string]: 'Urgente',
          [keys.Detalle as string]: 'Tres plantas\ncon jardín',
          [keys.Empleados as string]: 12,
          [keys.Presupuesto as string]: '1500.50',
          [keys['Fecha visita'] as string]: '2026-03-01',
          [keys['Acepta llamadas'] as string]: true,
          [keys['Web anterior'] as string]: 'https://www.casatipos.es',
          [keys['Email facturación'] as string]: 'pagos@hogar.es',
          [keys['Móvil guardia'] as string]: '+34 699 111 222',
        });
        expect(lead.body.primaryContact).toMatchObject({
          name: 'Lucía Pardo',
          cargo: 'Gerente',
          email: 'lucia@hogar.es',
          phone: '+34612345678',
        });
        const history = await admin.get(`/api/leads/${row?.id}/history`);
        expect(history.body.find((entry: { type: string }) => entry.type === 'contact_added').changes).toMatchObject({
          contact: { name: 'Lucía Pardo' },
          isPrimary: true,
        });
      });

      it('requires what the form requires (not the definition), and refuses bad values, unknown and hidden keys in Spanish, creating nothing', async () => {
        // 'Presupuesto' required on the form; 'Provincia' shown but optional; a definition made required stays optional here.
        const required = await admin.post('/api/custom-fields', { label: `Origen ${uniqueName('o')}`, type: 'text', required: true });
        const form = await newForm([
          { field: 'contact.name', required: false },
          { field: 'contact.phone', required: true },
          { field: cf('Presupuesto'), required: true },
          { field: cf('Provincia'), required: false },
          { field: `customFields.${required.body.key}`, required: false },
        ]);
        const email = `${uniqueName('ref')}@hogar.es`;
        const submit = (values: Record<string, unknown>) =>
          postSubmission(server().url, form.slug, { name: 'Casa Rechazos', email, ...values }, { ip: freshIp() });
        const contact = { name: 'Ana', phone: '612 000 111' };
        const budget = { [keys.Presupuesto as string]: '900' };

        const ok = await submit({ contact, customFields: budget });
        expect(ok.status, JSON.stringify(ok.body)).toBe(200);

        const cases: [Record<string, unknown>, string, string[]][] = [
          [{ contact, customFields: {} }, '«Presupuesto» es obligatorio', ['customFields', keys.Presupuesto as string]],
          [{ contact: { name: 'Ana' }, customFields: budget }, 'Teléfono de contacto: este campo es obligatorio', ['contact', 'phone']],
          [{ contact: { phone: '612 000 111' }, customFields: budget }, 'El nombre del contacto es requerido', ['contact', 'name']],
          [{ contact: { ...contact, phone: 'abc' }, customFields: budget }, 'Teléfono de contacto inválido', ['contact', 'phone']],
          [
            { contact, customFields: { [keys.Presupuesto as string]: '12,345' } },
            '«Presupuesto»: máximo dos decimales',
            ['customFields', keys.Presupuesto as string],
          ],
          [
            { contact, customFields: { ...budget, [keys.Provincia as string]: 'Cádiz' } },
            '«Provincia»: opción desconocida',
            ['customFields', keys.Provincia as string],
          ],
          [
            { contact, customFields: { ...budget, [keys.Empleados as string]: 3 } },
            `Campo personalizado desconocido: ${keys.Empleados}`,
            ['customFields', keys.Empleados as string],
          ],
          [
            { contact, customFields: { ...budget, inventado: 'x' } },
            'Campo personalizado desconocido: inventado',
            ['customFields', 'inventado'],
          ],
          [{ contact, customFields: 'Madrid' }, 'Los campos personalizados deben ser un objeto', ['customFields']],
        ];
        for (const [values, message, path] of cases) {
          const refused = await submit({ ...values, email: `${uniqueName('no')}@hogar.es` });
          expect(refused.status, message).toBe(400);
          expect(refused.body.message).toBe(message);
          expect(refused.body.issues[0].path).toEqual(path);
        }
        // Each type's own refusal, by the same builder the lead editor uses.
        const typed = await newForm(everyType());
        const badValues: [string, unknown, string][] = [
          ['Servicios', ['Limpieza', 'Tejado'], '«Servicios»: opción desconocida: Tejado'],
          ['Comentario corto', 'x'.repeat(501), '«Comentario corto»: máximo 500 caracteres'],
          ['Detalle', 7, '«Detalle»: debe ser un texto'],
          ['Empleados', 'muchos', '«Empleados»: debe ser un número'],
          ['Fecha visita', '31/02/2026', '«Fecha visita»: fecha inválida (AAAA-MM-DD)'],
          ['Acepta llamadas', 'quizá', '«Acepta llamadas»: debe ser sí o no'],
          ['Web anterior', 'ftp://x.es', '«Web anterior»: URL inválida'],
          ['Email facturación', 'pagos@', '«Email facturación»: email inválido'],
          ['Móvil guardia', '12', '«Móvil guardia»: teléfono inválido'],
        ];
        for (const [label, value, message] of badValues) {
          const refused = await postSubmission(
            server().url,
            typed.slug,
            { name: 'Casa Tipos Malos', email, customFields: { [keys[label] as string]: value } },
            { ip: freshIp() },
          );
          expect(refused.status, label).toBe(400);
          expect(refused.body.message).toBe(message);
        }
        expect(await leadByEmail(email)).toHaveLength(1);
        const submissions = await server()
          .ctx.db.selectFrom('web_form_submissions')
          .select('id')
          .where('form_id', 'in', [form.id, typed.id])
          .execute();
        expect(submissions).toHaveLength(1);
      });

      it('adds to a known lead: its contact of that name updated, another person added, only empty custom fields filled', async () => {
        const form = await newForm([...CONTACT, { field: cf('Provincia'), required: false }, { field: cf('Empleados'), required: false }]);
        const email = `${uniqueName('dedup')}@hogar.es`;
        const first = await postSubmission(
          server().url,
          form.slug,
          {
            name: 'Casa Repetida',
            email,
            contact: { name: 'Marta Gil', cargo: 'Encargada' },
            customFields: { [keys.Provincia as string]: 'Madrid' },
          },
          { ip: freshIp() },
        );
        expect(first.status).toBe(200);
        const [row] = await leadByEmail(email);
        const leadId = row?.id;

        const feed = await openFeed(server().url, admin);
        try {
          const again = await postSubmission(
            server().url,
            form.slug,
            {
              name: 'Otro nombre',
              email: email.toUpperCase(),
              contact: { name: 'MARTA GIL', cargo: 'Directora', phone: '+34 699 888 777' },
              customFields: { [keys.Provincia as string]: 'Sevilla', [keys.Empleados as string]: '8' },
            },
            { ip: freshIp() },
          );
          expect(again.status, JSON.stringify(again.body)).toBe(200);
          // Open lists get the known lead as it is now: its contact's new cargo.
          await expect
            .poll(() =>
              feed.events.some(
                (event) =>
                  event.type === 'leadChanged' &&
                  event.leadId === leadId &&
                  event.change === 'updated' &&
                  event.lead?.primaryContact?.cargo === 'Directora',
              ),
            )
            .toBe(true);
        } finally {
          await feed.close();
        }
        const lead = await admin.get(`/api/leads/${leadId}`);
        expect(lead.body.name).toBe('Casa Repetida');
        expect(lead.body.customFields).toEqual({ [keys.Provincia as string]: 'Madrid', [keys.Empleados as string]: 8 });
        expect(lead.body.primaryContact).toMatchObject({ name: 'Marta Gil', cargo: 'Directora', phone: '+34699888777' });

        const other = await postSubmission(
          server().url,
          form.slug,
          { name: 'Casa Repetida', email, contact: { name: 'Pablo Ruiz', email: 'pablo@hogar.es' } },
          { ip: freshIp() },
        );
        expect(other.status).toBe(200);
        const contacts = await admin.get(`/api/leads/${leadId}/contacts`);
        expect(contacts.body.map((contact: { name: string; isPrimary: boolean }) => [contact.name, contact.isPrimary])).toEqual([
          ['Marta Gil', true],
          ['Pablo Ruiz', false],
        ]);

        const history = (await admin.get(`/api/leads/${leadId}/history`)).body as {
          type: string;
          actor: unknown;
          changes: Record<string, unknown>;
        }[];
        expect(history.find((entry) => entry.type === 'contact_updated')?.changes).toMatchObject({
          contact: { name: 'Marta Gil' },
          cargo: { from: 'Encargada', to: 'Directora' },
          phone: { from: null, to: '+34699888777' },
        });
        expect(history.find((entry) => entry.type === 'edited')).toMatchObject({
          actor: null,
          changes: { [`customFields.${keys.Empleados}`]: { from: null, to: 8 } },
        });
        const notes = (await admin.get(`/api/leads/${leadId}/notes`)).body as { body: string }[];
        expect(notes.map((note) => note.body)).toContainEqual(
          [
            `Nuevo envío del formulario «${form.name}»`,
            'Nombre o empresa: Otro nombre',
            `Email: ${email.toUpperCase()}`,
            'Persona de contacto: MARTA GIL',
            'Cargo: Directora',
            'Teléfono de contacto: +34699888777',
            'Provincia: Sevilla',
            'Empleados: 8',
          ].join('\n'),
        );
      });

      it('changes nothing when a write of the transaction fails', async () => {
        const form = await newForm([...CONTACT, { field: cf('Provincia'), required: false }]);
        const email = `${uniqueName('falla')}@hogar.es`;
        // The database itself refuses this contact, after the lead's insert in the same transaction.
        await sql`create function refuse_contact() returns trigger language plpgsql as $$
          begin if new.name = 'Contacto Imposible' then raise exception 'refused by test'; end if; return new; end $$`.execute(
          server().ctx.db,
        );
        await sql`create trigger refuse_contact before insert on contacts for each row execute function refuse_contact()`.execute(
          server().ctx.db,
        );
        try {
          const failed = await postSubmission(
            server().url,
            form.slug,
            {
              name: 'Casa Fallida',
              email,
              contact: { name: 'Contacto Imposible' },
              customFields: { [keys.Provincia as string]: 'Madrid' },
            },
            { ip: freshIp() },
          );
          expect(failed.status).toBe(500);
        } finally {
          await sql`drop trigger refuse_contact on contacts`.execute(server().ctx.db);
          await sql`drop function refuse_contact()`.execute(server().ctx.db);
        }
        expect(await leadByEmail(email)).toEqual([]);
        const logged = await server().ctx.db.selectFrom('web_form_submissions').select('id').where('form_id', '=', form.id).execute();
        expect(logged).toEqual([]);
        const contacts = await server().ctx.db.selectFrom('contacts').select('id').where('name', '=', 'Contacto Imposible').execute();
        expect(contacts).toEqual([]);
      });

      it('drops an archived field from the form, its page and its submissions, and brings it back when restored', async () => {
        const field = await admin.post('/api/custom-fields', { label: `Temporal ${uniqueName('t')}`, type: 'text' });
        const path = `customFields.${field.body.key}`;
        const form = await newForm([
          { field: path, required: true },
          { field: cf('Provincia'), required: false },
        ]);
        expect((await admin.delete(`/api/custom-fields/${field.body.id}`)).status).toBe(200);

        expect((await admin.get(`/api/forms/${form.id}`)).body.fields.map((setting: { field: string }) => setting.field)).toEqual([
          'name',
          'email',
          cf('Provincia'),
        ]);
        const page = await fetch(new URL(`/f/${form.slug}`, server().url));
        expect(page.status).toBe(200);
        expect(await page.text()).not.toContain(path);
        const email = `${uniqueName('arch')}@hogar.es`;
        // Required before, gone now: the form still takes submissions without it, and refuses a value for it.
        const archived = await postSubmission(
          server().url,
          form.slug,
          { name: 'Casa Archivada', email, customFields: { [field.body.key]: 'x' } },
          { ip: freshIp() },
        );
        expect(archived.status).toBe(400);
        expect(archived.body.message).toBe(`«${field.body.label}» está archivado`);
        const without = await postSubmission(server().url, form.slug, { name: 'Casa Archivada', email }, { ip: freshIp() });
        expect(without.status).toBe(200);
        const refusedSetting = await admin.put(`/api/forms/${form.id}`, {
          fields: [
            { field: 'name', required: true },
            { field: 'email', required: true },
            { field: path, required: false },
          ],
        });
        expect(refusedSetting.status).toBe(400);
        expect(refusedSetting.body.message).toBe(`«${field.body.label}» está archivado: recupéralo o quítalo del formulario`);

        expect((await admin.put(`/api/custom-fields/${field.body.id}`, { archived: false })).status).toBe(200);
        expect((await admin.get(`/api/forms/${form.id}`)).body.fields[2]).toEqual({ field: path, required: true });
      });
    });
  },
  { TRUST_PROXY: 'true', FORMS_POW_MAX_COUNTER: '2000' },
);
