/**
 * The hosted page `GET /f/{slug}`: plain server-rendered HTML in Spanish that works without the web
 * app's bundle, in its own tab or framed by the form's allowed sites. Its one inline script (allowed
 * by its hash) solves the proof of work and posts the form as JSON.
 */
import { createHash } from 'node:crypto';
import type { PublicWebForm } from '@crm/db';
import { LEAD_CATEGORY_OPTIONS, WEB_FORM_FIELD_LABELS, WEB_FORM_HONEYPOT, type WebFormField } from '@crm/domain';

const INPUT_TYPES: Record<WebFormField, { type: string; autocomplete: string; multiline?: true }> = {
  name: { type: 'text', autocomplete: 'organization' },
  email: { type: 'email', autocomplete: 'email' },
  phone: { type: 'tel', autocomplete: 'tel' },
  description: { type: 'text', autocomplete: 'off', multiline: true },
  address: { type: 'text', autocomplete: 'street-address' },
  domain: { type: 'url', autocomplete: 'url' },
};

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2430;background:#fff;line-height:1.45}
main{max-width:560px;margin:0 auto;padding:24px 16px}
h1{font-size:1.4rem;margin:0 0 16px}
.field{margin-bottom:14px}
label{display:block;font-weight:600;margin-bottom:4px}
.req{color:#b3261e;font-weight:400}
input,select,textarea{width:100%;font:inherit;padding:10px;border:1px solid #767c8a;border-radius:6px;background:#fff;color:inherit}
textarea{min-height:110px;resize:vertical}
input:focus,select:focus,textarea:focus,button:focus{outline:3px solid #1c64d8;outline-offset:1px}
button{font:inherit;font-weight:600;padding:11px 20px;border:0;border-radius:6px;background:#1c56b8;color:#fff;cursor:pointer}
button[disabled]{background:#5b6678;cursor:progress}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.error{color:#b3261e;margin:12px 0 0}
.thanks{font-size:1.1rem;padding:16px;border-radius:8px;background:#e7f4ea;color:#14532d}
.note{font-size:.85rem;color:#4a5160;margin-top:12px}
`;

/** Runs in the visitor's browser: ES2017, no dependencies. */
const SCRIPT = `
(function () {
  var form = document.getElementById('web-form');
  var status = document.getElementById('form-status');
  var button = form.querySelector('button[type=submit]');
  var slug = form.getAttribute('data-slug');
  var params = new URLSearchParams(location.search);
  var framed = window.top !== window;
  var pageUrl = params.get('pagina') || (framed ? document.referrer : location.href) || null;
  var referrer = framed ? null : document.referrer || null;
  function hex(text) { var out = new Uint8Array(text.length / 2); for (var i = 0; i < out.length; i++) out[i] = parseInt(text.substr(i * 2, 2), 16); return out; }
  function toHex(bytes) { var out = ''; for (var i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16); return out; }
  async function solve() {
    var answer = await fetch('/api/forms/' + encodeURIComponent(slug) + '/challenge');
    if (!answer.ok) throw new Error('challenge');
    var challenge = await answer.json();
    var p = challenge.parameters;
    var salt = hex(p.salt), nonce = hex(p.nonce), prefix = hex(p.keyPrefix);
    var buffer = new Uint8Array(salt.length + nonce.length + 4);
    buffer.set(salt, 0); buffer.set(nonce, salt.length);
    var view = new DataView(buffer.buffer);
    for (var counter = 0; counter <= 4294967295; counter++) {
      view.setUint32(salt.length + nonce.length, counter, false);
      var key = new Uint8Array(await crypto.subtle.digest('SHA-256', buffer)).subarray(0, p.keyLength);
      var matches = true;
      for (var i = 0; i < prefix.length && matches; i++) matches = key[i] === prefix[i];
      if (matches) return btoa(JSON.stringify({ challenge: challenge, solution: { counter: counter, derivedKey: toHex(key) } }));
    }
    throw new Error('unsolved');
  }
  var proof = solve();
  proof.catch(function () {});
  form.addEventListener('submit', async function (event) {
    event.preventDefault();
    status.textContent = '';
    button.disabled = true;
    button.textContent = 'Enviando…';
    try {
      var body = { pageUrl: pageUrl, referrer: referrer, altcha: await proof };
      new FormData(form).forEach(function (value, name) { body[name] = value; });
      var answer = await fetch(form.action, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      var result = await answer.json().catch(function () { return {}; });
      if (!answer.ok) throw new Error(result.message || 'No se pudo enviar el formulario');
      if (result.redirectUrl) {
        try { window.top.location.href = result.redirectUrl; } catch (error) { location.href = result.redirectUrl; }
        return;
      }
      var thanks = document.createElement('p');
      thanks.className = 'thanks';
      thanks.setAttribute('role', 'status');
      thanks.textContent = result.thankYouText;
      form.replaceWith(thanks);
    } catch (error) {
      status.textContent = error && error.message && error.message !== 'challenge' && error.message !== 'unsolved'
        ? error.message : 'No se pudo enviar el formulario. Inténtalo de nuevo.';
      button.disabled = false;
      button.textContent = 'Enviar';
      proof = solve();
      proof.catch(function () {});
    }
  });
})();
`;

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const SCRIPT_HASH = hashOf(SCRIPT);
const STYLE_HASH = hashOf(STYLE);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function fieldHtml(field: WebFormField, required: boolean): string {
  const input = INPUT_TYPES[field];
  const id = `campo-${field}`;
  const attributes = `id="${id}" name="${field}" autocomplete="${input.autocomplete}"${required ? ' required' : ''}`;
  const control = input.multiline ? `<textarea ${attributes}></textarea>` : `<input type="${input.type}" ${attributes}>`;
  const mark = required ? ' <span class="req">(obligatorio)</span>' : '';
  return `<div class="field"><label for="${id}">${escapeHtml(WEB_FORM_FIELD_LABELS[field])}${mark}</label>${control}</div>`;
}

function categoryHtml(): string {
  const options = LEAD_CATEGORY_OPTIONS.map((option) => `<option value="${option.value}">${escapeHtml(option.label)}</option>`).join('');
  return `<div class="field"><label for="campo-categoria">Sector <span class="req">(obligatorio)</span></label><select id="campo-categoria" name="category" required><option value="">Elige un sector</option>${options}</select></div>`;
}

/** The page's HTML and the Content-Security-Policy it runs under (framed only by the form's allowed sites). */
export function renderFormPage(form: PublicWebForm): { html: string; csp: string } {
  const fields = form.fields.map((setting) => fieldHtml(setting.field, setting.required)).join('');
  const honeypot = `<div class="hp" aria-hidden="true"><label for="campo-${WEB_FORM_HONEYPOT}">Fax (déjalo vacío)</label><input id="campo-${WEB_FORM_HONEYPOT}" name="${WEB_FORM_HONEYPOT}" tabindex="-1" autocomplete="off"></div>`;
  const action = `/api/forms/${encodeURIComponent(form.slug)}/submissions`;
  const html = `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="strict-origin-when-cross-origin">
<title>${escapeHtml(form.name)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(form.name)}</h1>
<noscript><p class="error">Este formulario necesita JavaScript para comprobar que no eres un robot.</p></noscript>
<form id="web-form" method="post" action="${action}" data-slug="${escapeHtml(form.slug)}">
${fields}${form.category === null ? categoryHtml() : ''}${honeypot}
<button type="submit">Enviar</button>
<p id="form-status" class="error" role="alert"></p>
</form>
<p class="note">Tus datos se usan solo para responder a tu solicitud.</p>
</main>
<script>${SCRIPT}</script>
</body>
</html>`;
  const ancestors = ["'self'", ...form.allowedOrigins].join(' ');
  const csp = [
    "default-src 'none'",
    `script-src ${SCRIPT_HASH}`,
    `style-src ${STYLE_HASH}`,
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
  return { html, csp };
}
