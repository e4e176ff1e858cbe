// The channel benchmark's uploader, in its own thread so its client work does not weigh on the
// measured server: uploads the given file to /api/chat/attachments back to back until told to stop.
import { randomFillSync } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

const { url, cookie, size } = workerData;
// A PDF: its signature decides the type. The rest is random, as incompressible as a real PDF's or
// photo's compressed streams (a filler of one letter would be squeezed to nothing on its way to disk).
const bytes = randomFillSync(new Uint8Array(size));
bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
let stopped = false;
let done = 0;
parentPort.once('message', () => {
  stopped = true;
});
while (!stopped) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'catalogo.pdf');
  const response = await fetch(`${url}/api/chat/attachments`, { method: 'POST', headers: { cookie }, body: form });
  if (response.status !== 201) throw new Error(`subida rechazada: ${response.status} ${await response.text()}`);
  done += 1;
}
parentPort.postMessage(done);
