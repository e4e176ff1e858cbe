/** POST /api/chat/attachments with the upload's progress (fetch cannot report it; XMLHttpRequest can). */
import type { ChatAttachment } from '@crm/domain';
import { handleUnauthorized } from '../../../lib/unauthorized';

const UPLOAD_FAILED = 'No se pudo subir el archivo. Intenta de nuevo.';

export function uploadAttachment(file: File, onProgress: (percent: number) => void): Promise<ChatAttachment> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/chat/attachments');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status === 401) handleUnauthorized();
      let body: { message?: string } & Partial<ChatAttachment> = {};
      try {
        body = JSON.parse(request.responseText) as typeof body;
      } catch {
        // Not JSON (a proxy's page): the generic message below says enough.
      }
      if (request.status === 201) resolve(body as ChatAttachment);
      else reject(new Error(body.message ?? UPLOAD_FAILED));
    };
    request.onerror = () => reject(new Error(UPLOAD_FAILED));
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
