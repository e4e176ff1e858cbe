import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { fileBlob } from '../../test/file-blob.js';

function fileForm(bytes: Uint8Array, filename: string, type: string): FormData {
  const form = new FormData();
  form.append('file', fileBlob(bytes, type), filename);
  return form;
}

describeWithServer('chat attachments', (server) => {
  let ana: { id: number; client: ApiClient };
  let bea: { id: number; client: ApiClient };
  let carlos: { id: number; client: ApiClient };
  let channelId: number;

  const person = async (prefix: string) => {
    const user = await createUser(server(), { username: uniqueName(prefix), firstName: prefix });
    return { id: user.id, client: await loginAs(server(), user.username) };
  };

  async function download(client: ApiClient, url: string) {
    const response = await fetch(new URL(url, server().url), { headers: { cookie: client.cookies.header() } });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  beforeAll(async () => {
    ana = await person('ana');
    bea = await person('bea');
    carlos = await person('carlos');
    channelId = (await ana.client.post<{ id: number }>('/api/chat/channels', { name: 'Fotos', memberIds: [bea.id] })).body.id;
  });

  it('re-encodes a photo, sends it, and lets only members download it, always as an attachment', async () => {
    const jpeg = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#c84' } })
      .jpeg()
      .withExif({ IFD0: { ImageDescription: 'Casa de Ana' } })
      .toBuffer();
    const upload = await ana.client.post('/api/chat/attachments', fileForm(jpeg, 'obra.jpg', 'image/jpeg'));
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({ kind: 'image', contentType: 'image/webp', name: 'obra.webp', width: 1600, height: 533 });
    // Before it is sent, only the uploader may fetch it.
    expect((await download(bea.client, upload.body.url)).response.status).toBe(404);

    const sent = await ana.client.post(`/api/chat/channels/${channelId}/messages`, { attachmentId: upload.body.id });
    expect(sent.status).toBe(201);
    expect(sent.body.attachment).toMatchObject({ id: upload.body.id, kind: 'image' });
    const { response, bytes } = await download(bea.client, upload.body.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="obra.webp"/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect((await download(carlos.client, upload.body.url)).response.status).toBe(404);
    // Sent once: it cannot be sent again elsewhere.
    expect((await ana.client.post('/api/chat/messages', { receiverId: carlos.id, attachmentId: upload.body.id })).status).toBe(409);
  });

  it('previews a file sent alone as the last message of a one-to-one conversation by its name, on both sides', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#48c' } })
      .png()
      .toBuffer();
    const upload = await bea.client.post('/api/chat/attachments', fileForm(png, 'plano.png', 'image/png'));
    expect((await bea.client.post('/api/chat/messages', { receiverId: carlos.id, attachmentId: upload.body.id })).status).toBe(201);
    const preview = async (client: ApiClient, otherId: number) =>
      (await client.get<{ id: number; lastMessage: { message: string } | null }[]>('/api/chat/contacts')).body.find(
        (contact) => contact.id === otherId,
      )?.lastMessage?.message;
    await expect(preview(bea.client, carlos.id)).resolves.toBe('📎 plano.webp');
    await expect(preview(carlos.client, bea.id)).resolves.toBe('📎 plano.webp');
  });

  it('decides the type by the bytes: a PDF named .jpg is a PDF, a program named .pdf is refused, an SVG is only text', async () => {
    const pdf = await ana.client.post(
      '/api/chat/attachments',
      fileForm(new TextEncoder().encode('%PDF-1.4\n%…'), 'oferta.jpg', 'image/jpeg'),
    );
    expect(pdf.status).toBe(201);
    expect(pdf.body).toMatchObject({ kind: 'document', contentType: 'application/pdf', name: 'oferta.pdf' });
    const exe = await ana.client.post(
      '/api/chat/attachments',
      fileForm(new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), 'oferta.pdf', 'application/pdf'),
    );
    expect(exe.status).toBe(400);
    expect(exe.body.message).toBe('Tipo de archivo no permitido: envía una imagen, un PDF, un documento de Office, un CSV o un texto');
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const asText = await ana.client.post('/api/chat/attachments', fileForm(svg, 'logo.svg', 'image/svg+xml'));
    expect(asText.body).toMatchObject({ kind: 'document', contentType: 'text/plain', name: 'logo.txt' });
    const { response } = await download(ana.client, asText.body.url);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('stores two large uploads made at once whole, their chunks taking turns', async () => {
    // Text files of several 256 KB chunks each, different bytes, so a mixed-up chunk would show.
    const files = [0, 1].map((index) => Uint8Array.from({ length: 700 * 1024 }, (_, position) => 0x61 + ((position + index * 7) % 26)));
    const uploads = await Promise.all(
      files.map((bytes, index) => ana.client.post('/api/chat/attachments', fileForm(bytes, `lista-${index}.txt`, 'text/plain'))),
    );
    for (const [index, upload] of uploads.entries()) {
      expect(upload.status).toBe(201);
      expect(upload.body).toMatchObject({ kind: 'document', size: 700 * 1024 });
      const { bytes } = await download(ana.client, upload.body.url);
      expect(bytes.equals(Buffer.from(files[index] ?? []))).toBe(true);
    }
  });

  it('refuses a file over 10 MB with 413 and stores nothing', async () => {
    const count = async () =>
      Number(
        (
          await server()
            .ctx.db.selectFrom('chat_attachments')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61);
    const response = await ana.client.post('/api/chat/attachments', fileForm(big, 'enorme.txt', 'text/plain'));
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('El archivo debe ser menor a 10MB');
    expect(await count()).toBe(before);
  });

  it('lets both people of a one-to-one chat download its attachment, and nobody else', async () => {
    // Larger than one stored chunk (256 KB): it comes back byte for byte.
    const csv = new TextEncoder().encode(`nombre;ciudad\n${'Clínica Peñalba;Logroño\n'.repeat(30_000)}`);
    expect(csv.byteLength).toBeGreaterThan(600_000);
    const upload = await ana.client.post('/api/chat/attachments', fileForm(csv, 'datos.csv', 'text/csv'));
    expect(upload.body).toMatchObject({ contentType: 'text/csv', name: 'datos.csv', size: csv.byteLength });
    await ana.client.post('/api/chat/messages', { receiverId: bea.id, message: 'los datos', attachmentId: upload.body.id });
    const received = await download(bea.client, upload.body.url);
    expect(received.response.status).toBe(200);
    expect(received.bytes.equals(Buffer.from(csv))).toBe(true);
    expect((await download(carlos.client, upload.body.url)).response.status).toBe(404);
    expect((await carlos.client.post('/api/chat/messages', { receiverId: bea.id, attachmentId: upload.body.id })).status).toBe(404);
  });

  it('sends an attachment once when two sends of it race: one message, the other told it was sent', async () => {
    const upload = await ana.client.post(
      '/api/chat/attachments',
      fileForm(new TextEncoder().encode('%PDF-1.4\n'), 'a.pdf', 'application/pdf'),
    );
    const statuses = await Promise.all(
      [bea.id, carlos.id].map(
        async (receiverId) => (await ana.client.post('/api/chat/messages', { receiverId, attachmentId: upload.body.id })).status,
      ),
    );
    expect(statuses.sort()).toEqual([201, 409]);
  });
});
