/** Broken multipart bodies a client (or an attacker) can send: each must be a Spanish 400, never a 500. */
const BOUNDARY = 'x-crm-test-boundary';

export const MALFORMED_MULTIPART: { name: string; contentType: string; body: string }[] = [
  {
    name: 'a part cut off before its end (Part terminated early / Unexpected end of form)',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nname,categoryName\r\nA,retail`,
  },
  {
    name: 'a content type without its boundary (Boundary not found)',
    contentType: 'multipart/form-data',
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nA\r\n--${BOUNDARY}--\r\n`,
  },
  {
    name: 'a boundary longer than the parser can search for',
    contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`,
    body: `--${'b'.repeat(300)}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nA\r\n--${'b'.repeat(300)}--\r\n`,
  },
];
