import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { AVATAR_LIMITS } from '@crm/domain';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { MALFORMED_MULTIPART_MESSAGE } from '../../http/multipart-errors.js';
import { MALFORMED_MULTIPART } from '../../test/malformed-multipart.js';
import { fileBlob } from '../../test/file-blob.js';

function imageForm(bytes: Uint8Array, filename: string, type: string, field = 'image'): FormData {
  const form = new FormData();
  form.append(field, fileBlob(bytes, type), filename);
  return form;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny, well-formed PNG header that declares a 100 000 × 100 000 canvas: a decompression bomb. */
function pixelBombPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1000))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const photo = () => sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 80, b: 40 } } });

describeWithServer('profile photos', (server) => {
  async function signedIn() {
    const username = uniqueName('foto');
    const user = await createUser(server(), { username });
    return { user, client: await loginAs(server(), username) };
  }

  async function fetchAvatar(client: ApiClient, url: string) {
    const response = await fetch(new URL(url, server().url), {
      headers: { cookie: client.cookies.header() },
    });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  it('accepts a real PNG and serves it as a 256 px square WebP', async () => {
    const { user, client } = await signedIn();
    const png = await photo().png().toBuffer();
    const upload = await client.post('/api/upload-profile-image', imageForm(png, 'cara.png', 'image/png'));
    expect(upload.status).toBe(200);
    expect(upload.body.id).toBe(user.id);
    expect(upload.body.profileImageUrl).toMatch(new RegExp(`^/api/users/${user.id}/avatar\\?v=`));
    const { response, bytes } = await fetchAvatar(client, upload.body.profileImageUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
    // The signed-in user's own record now links the photo.
    expect((await client.get('/api/auth/user')).body.profileImageUrl).toBe(upload.body.profileImageUrl);
  });

  it('accepts a JPEG and drops its EXIF metadata when re-encoding', async () => {
    const { client } = await signedIn();
    const jpeg = await photo()
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Coordenadas secretas', ImageDescription: 'Casa de Ana' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const upload = await client.post('/api/upload-profile-image', imageForm(jpeg, 'foto.jpg', 'image/jpeg'));
    expect(upload.status).toBe(200);
    const { bytes } = await fetchAvatar(client, upload.body.profileImageUrl);
    const metadata = await sharp(bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from('Coordenadas secretas'))).toBe(false);
  });

  it('accepts GIF and WebP too', async () => {
    const { client } = await signedIn();
    for (const [bytes, name, type] of [
      [await photo().gif().toBuffer(), 'a.gif', 'image/gif'],
      [await photo().webp().toBuffer(), 'a.webp', 'image/webp'],
    ] as const) {
      expect((await client.post('/api/upload-profile-image', imageForm(bytes, name, type))).status).toBe(200);
    }
  });

  it('checks the bytes, not the name: a text file named .png is refused', async () => {
    const { client } = await signedIn();
    const response = await client.post(
      '/api/upload-profile-image',
      imageForm(new TextEncoder().encode('esto no es una imagen'), 'falsa.png', 'image/png'),
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Por favor selecciona una imagen válida (JPG, PNG, GIF, etc.)');
  });

  it('refuses an SVG, even one declared as PNG', async () => {
    const { client } = await signedIn();
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="red"/><script>alert(1)</script></svg>',
    );
    expect((await sharp(Buffer.from(svg)).metadata()).format).toBe('svg'); // sharp could read it: we refuse it
    for (const [name, type] of [
      ['logo.svg', 'image/svg+xml'],
      ['logo.png', 'image/png'],
    ] as const) {
      const response = await client.post('/api/upload-profile-image', imageForm(svg, name, type));
      expect(response.status).toBe(400);
    }
  });

  it('refuses a file over 5 MB with 413 and keeps the previous photo', async () => {
    const { user, client } = await signedIn();
    const first = await client.post('/api/upload-profile-image', imageForm(await photo().png().toBuffer(), 'a.png', 'image/png'));
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0xff);
    const response = await client.post('/api/upload-profile-image', imageForm(big, 'enorme.jpg', 'image/jpeg'));
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('La imagen debe ser menor a 5MB');
    const me = (await client.get('/api/auth/user')).body;
    expect(me.id).toBe(user.id);
    expect(me.profileImageUrl).toBe(first.body.profileImageUrl);
  });

  it('refuses a file over 5 MB with 413 whatever the pace it arrives at', async () => {
    const { client } = await signedIn();
    const boundary = 'frontera';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="lenta.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const png = await photo().png().toBuffer();
    // A real PNG first, so a cut file would decode: only the count can tell it was too large.
    const file = Buffer.concat([png, Buffer.alloc(AVATAR_LIMITS.maxBytes + 1 - png.length, 0)]);
    for (const chunkBytes of [1024 * 1024, 64 * 1024, AVATAR_LIMITS.maxBytes]) {
      const status = await new Promise<number>((resolve, reject) => {
        const request = http.request(new URL('/api/upload-profile-image', server().url), {
          method: 'POST',
          headers: {
            cookie: client.cookies.header(),
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': head.length + file.length + tail.length,
          },
        });
        request.on('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.on('error', reject);
        void (async () => {
          request.write(head);
          for (let offset = 0; offset < file.length; offset += chunkBytes) {
            if (request.destroyed) return;
            request.write(file.subarray(offset, offset + chunkBytes));
            await sleep(5);
          }
          request.end(tail);
        })();
      });
      expect(status, `chunks of ${chunkBytes} bytes`).toBe(413);
    }
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const { client } = await signedIn();
    const bomb = pixelBombPng();
    expect(bomb.length).toBeLessThan(2000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: 'png', width: 100_000, height: 100_000 });
    const response = await client.post('/api/upload-profile-image', imageForm(bomb, 'bomba.png', 'image/png'));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('La imagen tiene demasiados píxeles');
  });

  it('refuses a form without the image field', async () => {
    const { client } = await signedIn();
    const png = await photo().png().toBuffer();
    const response = await client.post('/api/upload-profile-image', imageForm(png, 'a.png', 'image/png', 'foto'));
    expect(response.status).toBe(400);
    const json = await client.post('/api/upload-profile-image', { image: 'x' });
    expect(json.status).toBe(400);
  });

  it.each(MALFORMED_MULTIPART)('answers 400 in Spanish to $name', async ({ contentType, body }) => {
    const { client } = await signedIn();
    const response = await client.request('POST', '/api/upload-profile-image', body, {
      'content-type': contentType,
      'x-requested-with': 'fetch',
    });
    expect(response.status).toBe(400);
    // A part cut off may reach the image check first, which refuses what it holds.
    expect([MALFORMED_MULTIPART_MESSAGE, AVATAR_LIMITS.messages.invalid]).toContain(response.body.message);
  });

  it('refuses anonymous uploads and reads', async () => {
    const { user, client } = await signedIn();
    const upload = await client.post('/api/upload-profile-image', imageForm(await photo().png().toBuffer(), 'a.png', 'image/png'));
    const anonymous = new ApiClient(server().url);
    const png = await photo().png().toBuffer();
    expect((await anonymous.post('/api/upload-profile-image', imageForm(png, 'a.png', 'image/png'))).status).toBe(401);
    expect((await anonymous.get(upload.body.profileImageUrl)).status).toBe(401);
    expect((await anonymous.get(`/api/users/${user.id}/avatar`)).status).toBe(401);
  });

  it('serves a strong ETag, answers 304 to If-None-Match and sets cache headers', async () => {
    const { user, client } = await signedIn();
    const upload = await client.post('/api/upload-profile-image', imageForm(await photo().png().toBuffer(), 'a.png', 'image/png'));
    const other = await signedIn();
    const first = await fetchAvatar(other.client, upload.body.profileImageUrl);
    const etag = first.response.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const unversioned = await fetchAvatar(other.client, `/api/users/${user.id}/avatar`);
    expect(unversioned.response.headers.get('cache-control')).toBe('private, no-cache');

    const cookie = other.client.cookies.header();
    const conditional = await fetch(new URL(`/api/users/${user.id}/avatar`, server().url), {
      headers: { cookie, 'if-none-match': etag },
    });
    expect(conditional.status).toBe(304);
    expect(conditional.headers.get('etag')).toBe(etag);
    const stale = await fetch(new URL(`/api/users/${user.id}/avatar`, server().url), {
      headers: { cookie, 'if-none-match': '"otra-version"' },
    });
    expect(stale.status).toBe(200);

    // A new photo gets a new tag and a new URL.
    const second = await client.post(
      '/api/upload-profile-image',
      imageForm(
        await sharp({ create: { width: 300, height: 300, channels: 3, background: '#00ff00' } })
          .png()
          .toBuffer(),
        'b.png',
        'image/png',
      ),
    );
    expect(second.body.profileImageUrl).not.toBe(upload.body.profileImageUrl);
    const changed = await fetch(new URL(`/api/users/${user.id}/avatar`, server().url), { headers: { cookie, 'if-none-match': etag } });
    expect(changed.status).toBe(200);
  });

  it('answers 404 for a user without a photo', async () => {
    const { user, client } = await signedIn();
    expect((await client.get(`/api/users/${user.id}/avatar`)).status).toBe(404);
    expect((await client.get('/api/users/999999/avatar')).status).toBe(404);
  });
});
