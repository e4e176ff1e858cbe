// The channel benchmark's uploader, in its own thread so its client work does not weigh on the
// measured server: uploads the given file to /api/chat/attachments back to back until told to stop.
import { parentPort, workerData } from 'node:worker_threads';

const { url, cookie, size } = workerData;
// A PDF: its signature decides the type; the rest is filler.
const bytes = new Uint8Array(size).fill(0x41);
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
