/** Importing a file with a contact column: it becomes each lead's primary contact (docs/contacts.md, 'Importar'). */
import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { waitForJob } from '../../test/import-jobs.js';

/** Each test runs whole import jobs, one to three, on a machine that may be busy. */
const IMPORTS_MS = 90_000;

function upload(file: string): FormData {
  const data = new FormData();
  data.append('file', new Blob([file]), 'clientes.csv');
  return data;
}

describeWithServer('contacts from an import', (server) => {
  let admin: ApiClient;
  let seller: ApiClient;

  beforeAll(async () => {
    const names = { admin: uniqueName('iadm'), seller: uniqueName('isel') };
    await createUser(server(), { username: names.admin, systemRole: 'admin' });
    await createUser(server(), { username: names.seller });
    [admin, seller] = await Promise.all([loginAs(server(), names.admin), loginAs(server(), names.seller)]);
  });

  const contactsOf = async (leadId: number) => (await seller.get(`/api/leads/${leadId}/contacts`)).body as Record<string, unknown>[];

  async function importFile(csv: string, start: Record<string, unknown> = {}) {
    const created = await admin.post('/api/import-jobs', upload(csv));
    expect(created.status).toBe(201);
    const started = await admin.post(`/api/import-jobs/${created.body.id}/start`, { groupName: uniqueName('Grupo '), ...start });
    expect(started.status).toBe(200);
    return { preview: created.body, done: await waitForJob(admin, created.body.id) };
  }

  const leadNamed = async (name: string) => {
    const found = await seller.get(`/api/leads?q=${encodeURIComponent(name)}&limit=5`);
    return found.body.items.find((item: { name: string }) => item.name === name);
  };

  it(
    "maps 'Persona de contacto', 'Cargo' and the contact's email and phone, and makes that person each lead's primary contact",
    async () => {
      const tag = uniqueName('ic').toLowerCase();
      const csv = [
        'Empresa;Sector;Email;Teléfono;Persona de contacto;Cargo;Email del contacto;Teléfono del contacto',
        `Hostal Mar ${tag};Hostelería;info.${tag}@mar.es;;Rosa Díaz;Gerente;rosa.${tag}@mar.es;+34 622 111 333`,
        `Logística Sur ${tag};Logística;sur.${tag}@sur.es;;;;;`,
        `Mal contacto ${tag};Retail;mal.${tag}@x.es;;Pepe;;no-es-email;`,
      ].join('\r\n');
      const { preview, done } = await importFile(csv);
      expect(preview.mapping).toEqual({
        name: 0,
        categoryName: 1,
        email: 2,
        phone: 3,
        contactName: 4,
        contactCargo: 5,
        contactEmail: 6,
        contactPhone: 7,
      });
      expect(preview.preview[2].problem).toBe('email del contacto inválido (no-es-email)');
      expect(done).toMatchObject({ status: 'done', imported: 2, skipped: 1 });

      const hostal = await leadNamed(`Hostal Mar ${tag}`);
      expect(hostal.primaryContact).toEqual({
        id: expect.any(Number),
        name: 'Rosa Díaz',
        cargo: 'Gerente',
        email: `rosa.${tag}@mar.es`,
        phone: '+34622111333',
        whatsapp: '+34622111333',
      });
      expect(await contactsOf(hostal.id)).toEqual([expect.objectContaining({ name: 'Rosa Díaz', isPrimary: true })]);
      expect((await leadNamed(`Logística Sur ${tag}`)).primaryContact).toBeNull();
      // Found by the contact in Ctrl+K, like a contact added by hand.
      const found = await seller.get(`/api/search?q=${encodeURIComponent(`rosa.${tag}`)}`);
      expect(found.body.leads.map((lead: { id: number }) => lead.id)).toEqual([hostal.id]);
    },
    IMPORTS_MS,
  );

  it(
    "reads a people file's 'Nombre y apellidos' as the lead's name when no column names a company",
    async () => {
      const tag = uniqueName('ip').toLowerCase();
      const { preview, done } = await importFile(`Nombre y apellidos,Email\nJuana Ruiz ${tag},juana.${tag}@x.es\n`, { category: 'otros' });
      expect(preview.mapping).toEqual({ name: 0, email: 1 });
      expect(done).toMatchObject({ status: 'done', imported: 1 });
      expect((await leadNamed(`Juana Ruiz ${tag}`)).primaryContact).toBeNull();
    },
    IMPORTS_MS,
  );

  it(
    "'Actualizar los existentes' adds the contact to a matched lead once, primary only if it had none, with a history entry",
    async () => {
      const tag = uniqueName('iu').toLowerCase();
      const header = 'name,categoryName,email,Contacto\n';
      await importFile(`${header}Bar Uno ${tag},bar,uno.${tag}@x.es,\nBar Dos ${tag},bar,dos.${tag}@x.es,Carlos\n`);
      const uno = await leadNamed(`Bar Uno ${tag}`);
      const dos = await leadNamed(`Bar Dos ${tag}`);

      const again = `${header}Bar Uno ${tag},bar,uno.${tag}@x.es,Lucía\nBar Dos ${tag},bar,dos.${tag}@x.es,Marcos\n`;
      expect((await importFile(again, { onDuplicate: 'update' })).done).toMatchObject({ status: 'done', updated: 2 });
      // A second run adds no one twice.
      expect((await importFile(again, { onDuplicate: 'update' })).done).toMatchObject({ status: 'done', updated: 2 });

      expect((await contactsOf(uno.id)).map((contact) => [contact['name'], contact['isPrimary']])).toEqual([['Lucía', true]]);
      expect((await contactsOf(dos.id)).map((contact) => [contact['name'], contact['isPrimary']])).toEqual([
        ['Carlos', true],
        ['Marcos', false],
      ]);
      const history = (await admin.get(`/api/leads/${dos.id}/history`)).body as { type: string; changes: Record<string, unknown> }[];
      expect(history.filter((entry) => entry.type === 'contact_added')).toEqual([
        expect.objectContaining({
          changes: expect.objectContaining({ contact: expect.objectContaining({ name: 'Marcos' }), isPrimary: false }),
        }),
      ]);
    },
    IMPORTS_MS,
  );
});
