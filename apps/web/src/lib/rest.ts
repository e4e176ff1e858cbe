/**
 * The few calls that are not tRPC: multipart uploads (with progress) and file downloads.
 * Errors read "<status>: <body text>", with the server's `message` when present.
 */
import { handleUnauthorized } from './unauthorized';

export class RestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string | undefined,
  ) {
    super(message);
  }
}

function toRestError(status: number, statusText: string, bodyText: string): RestError {
  let serverMessage: string | undefined;
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      serverMessage = parsed.message;
    }
  } catch {
    serverMessage = undefined;
  }
  if (status === 401 || serverMessage === 'Unauthorized') handleUnauthorized();
  return new RestError(status, `${status}: ${bodyText || statusText}`, serverMessage);
}

/** POSTs a form with upload progress (0–100), resolving with the JSON answer. */
export function uploadForm<T>(url: string, form: FormData, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(JSON.parse(request.responseText) as T);
        } catch {
          reject(new RestError(request.status, 'Respuesta inválida del servidor', undefined));
        }
      } else reject(toRestError(request.status, request.statusText, request.responseText));
    };
    request.onerror = () => reject(new RestError(0, 'Error de red', undefined));
    request.send(form);
  });
}

/** Downloads a file the server names (Content-Disposition) by following a plain link. */
export function downloadFrom(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
