/**
 * The hosted page `GET /f/{slug}`: plain server-rendered HTML in Spanish that works without the web
 * app's bundle, in its own tab or framed by the form's allowed sites. Its one inline script (allowed
 * by its hash) solves the proof of work and posts the form as JSON.
 */
import { createHash } from 'node:crypto';
import {
  CUSTOM_FIELD_LIMITS,
  type CustomFieldDefinition,
  type CustomFieldType,
  LEAD_CATEGORY_OPTIONS,
  WEB_FORM_FIELD_LABELS,
  WEB_FORM_HONEYPOT,
  type WebFormBuiltInField,
  type WebFormFieldSetting,
  formFieldDefinition,
  isBuiltInField,
  requiredMessage,
} from '@crm/domain';
import type { OpenWebForm } from './web-form-submit.service.js';

interface Control {
  /** An input's type; 'textarea', 'select', 'checkbox' and 'choices' (a multi-select's boxes) are drawn apart. */
  type: string;
  /** The Spanish message of a value the browser finds malformed. */
  invalid: string;
  /** Further attributes, already escaped. */
  attributes?: string;
}

const URL_INVALID = 'dirección web inválida (p. ej. https://www.ejemplo.es)';

const BUILT_IN_CONTROLS: Record<WebFormBuiltInField, Control> = {
  name: { type: 'text', invalid: '', attributes: 'autocomplete="organization"' },
  email: { type: 'email', invalid: 'Email inválido', attributes: 'autocomplete="email"' },
  phone: { type: 'tel', invalid: 'Teléfono inválido', attributes: 'autocomplete="tel"' },
  description: { type: 'textarea', invalid: '', attributes: 'autocomplete="off"' },
  address: { type: 'text', invalid: '', attributes: 'autocomplete="street-address"' },
  domain: { type: 'url', invalid: `Sitio web: ${URL_INVALID}`, attributes: 'autocomplete="url"' },
  'contact.name': { type: 'text', invalid: '', attributes: 'autocomplete="name"' },
  'contact.cargo': { type: 'text', invalid: '', attributes: 'autocomplete="organization-title"' },
  'contact.email': { type: 'email', invalid: 'Email de contacto inválido', attributes: 'autocomplete="email"' },
  'contact.phone': { type: 'tel', invalid: 'Teléfono de contacto inválido', attributes: 'autocomplete="tel"' },
};

/** Each custom type's control, and what the browser may refuse of it (the server says the rest, by the same builder). */
const CUSTOM_CONTROLS: Record<CustomFieldType, Control> = {
  text: { type: 'text', invalid: '', attributes: `maxlength="${CUSTOM_FIELD_LIMITS.text}"` },
  long_text: { type: 'textarea', invalid: '', attributes: `maxlength="${CUSTOM_FIELD_LIMITS.longText}"` },
  number: { type: 'number', invalid: 'debe ser un número', attributes: 'step="any" inputmode="decimal"' },
  money: { type: 'number', invalid: 'debe ser un importe (como mucho dos decimales)', attributes: 'step="0.01" inputmode="decimal"' },
  date: { type: 'date', invalid: 'fecha inválida', attributes: 'min="1900-01-01" max="2100-12-31"' },
  select: { type: 'select', invalid: '' },
  multi_select: { type: 'choices', invalid: '' },
  checkbox: { type: 'checkbox', invalid: '' },
  url: { type: 'url', invalid: URL_INVALID, attributes: `maxlength="${CUSTOM_FIELD_LIMITS.url}" placeholder="https://"` },
  email: { type: 'email', invalid: 'email inválido', attributes: `maxlength="${CUSTOM_FIELD_LIMITS.email}" autocomplete="off"` },
  phone: { type: 'tel', invalid: 'teléfono inválido', attributes: `maxlength="${CUSTOM_FIELD_LIMITS.phone}" autocomplete="off"` },
};

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2430;background:#fff;line-height:1.45}
main{max-width:560px;margin:0 auto;padding:24px 16px}
h1{font-size:1.4rem;margin:0 0 16px}
.field{margin-bottom:14px}
fieldset.field{border:0;padding:0;margin:0 0 14px}
label,legend{display:block;font-weight:600;margin-bottom:4px;padding:0}
.choice{display:inline-flex;align-items:center;gap:8px;font-weight:400;margin:0 16px 6px 0}
.check{display:flex;flex-wrap:wrap;align-items:center;gap:8px}
.check label{margin:0}
.check .field-error{flex-basis:100%}
input[type=checkbox]{width:20px;height:20px;margin:0;accent-color:#1c56b8}
.field-error{color:#b3261e;margin:4px 0 0;font-size:.9rem}
.field-error:empty{display:none}
[aria-invalid=true]{border-color:#b3261e}
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
  function box(path) { return form.querySelector('[data-field="' + path + '"]'); }
  function showError(field, message) {
    field.querySelector('.field-error').textContent = message;
    field.querySelectorAll('input,select,textarea').forEach(function (control) {
      if (message) control.setAttribute('aria-invalid', 'true'); else control.removeAttribute('aria-invalid');
    });
  }
  // The browser's checks, with the server's Spanish messages under each field (not its own bubbles, in its own language).
  function check() {
    var first = null;
    form.querySelectorAll('[data-field]').forEach(function (field) {
      var message = '';
      if (field.hasAttribute('data-multiple')) {
        if (field.hasAttribute('data-group-required') && !field.querySelector('input:checked')) message = field.getAttribute('data-required-message');
      } else {
        var control = field.querySelector('[name]');
        if (!control.checkValidity()) {
          message = control.validity.valueMissing ? field.getAttribute('data-required-message')
            : field.getAttribute('data-invalid-message') || field.getAttribute('data-required-message');
        }
      }
      showError(field, message);
      if (message && !first) first = field.querySelector('input,select,textarea');
    });
    if (first) first.focus();
    return !first;
  }
  // 'contact.cargo' goes in body.contact.cargo, 'customFields.x' in body.customFields.x; a multi-select's boxes make a list.
  function valuesOf() {
    var body = { pageUrl: pageUrl, referrer: referrer };
    new FormData(form).forEach(function (value, name) {
      var dot = name.indexOf('.');
      if (dot < 0) { body[name] = value; return; }
      var group = body[name.slice(0, dot)] = body[name.slice(0, dot)] || {};
      var key = name.slice(dot + 1);
      var field = box(name);
      if (field && field.hasAttribute('data-multiple')) (group[key] = group[key] || []).push(value); else group[key] = value;
    });
    return body;
  }
  form.addEventListener('input', function (event) {
    var field = event.target.closest('[data-field]');
    if (field) showError(field, '');
  });
  form.addEventListener('submit', async function (event) {
    event.preventDefault();
    status.textContent = '';
    if (!check()) return;
    button.disabled = true;
    button.textContent = 'Enviando…';
    try {
      var body = valuesOf();
      body.altcha = await proof;
      var answer = await fetch(form.action, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      var result = await answer.json().catch(function () { return {}; });
      if (!answer.ok) {
        (result.issues || []).forEach(function (issue) {
          var field = Array.isArray(issue.path) && box(issue.path.join('.'));
          if (field) showError(field, issue.message);
        });
        throw new Error(result.message || 'No se pudo enviar el formulario');
      }
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

/** One field as the page draws it: posted under its path ('email', 'contact.cargo', 'customFields.provincia'). */
interface FieldView {
  path: string;
  label: string;
  required: boolean;
  requiredMessage: string;
  control: Control;
  options: readonly { value: string; label: string }[];
  /** A select's empty choice. */
  placeholder?: string;
}

function fieldView(setting: WebFormFieldSetting, definitions: readonly CustomFieldDefinition[]): FieldView | undefined {
  const { field, required } = setting;
  if (isBuiltInField(field)) {
    const label = WEB_FORM_FIELD_LABELS[field];
    return {
      path: field,
      label,
      required,
      requiredMessage: `${label}: este campo es obligatorio`,
      control: BUILT_IN_CONTROLS[field],
      options: [],
    };
  }
  const definition = formFieldDefinition(field, definitions);
  if (!definition) return undefined;
  const control = CUSTOM_CONTROLS[definition.type];
  return {
    path: field,
    label: definition.label,
    required,
    // The messages the server would answer: '«Provincia» es obligatorio', '«Visita»: fecha inválida'.
    requiredMessage: requiredMessage(definition),
    control: { ...control, invalid: control.invalid && `«${definition.label}»: ${control.invalid}` },
    options: definition.options.map((option) => ({ value: option, label: option })),
  };
}

/** The control of a field, its label, and the place its Spanish error shows (the script fills it). */
function fieldHtml(view: FieldView): string {
  const id = `campo-${view.path.replace(/[^a-z0-9]+/gi, '-')}`;
  const error = `<p class="field-error" id="${id}-error"></p>`;
  const mark = view.required ? ' <span class="req">(obligatorio)</span>' : '';
  const label = `${escapeHtml(view.label)}${mark}`;
  const messages = `data-required-message="${escapeHtml(view.requiredMessage)}"${view.control.invalid ? ` data-invalid-message="${escapeHtml(view.control.invalid)}"` : ''}`;
  const box = `data-field="${escapeHtml(view.path)}" ${messages}`;
  const name = `name="${escapeHtml(view.path)}" aria-describedby="${id}-error"`;
  const required = view.required ? ' required' : '';
  const attributes = view.control.attributes ? ` ${view.control.attributes}` : '';
  switch (view.control.type) {
    case 'choices': {
      const boxes = view.options
        .map(
          (option, index) =>
            `<label class="choice" for="${id}-${index}"><input type="checkbox" id="${id}-${index}" ${name} value="${escapeHtml(option.value)}"> ${escapeHtml(option.label)}</label>`,
        )
        .join('');
      return `<fieldset class="field" ${box} data-multiple${view.required ? ' data-group-required' : ''}><legend>${label}</legend>${boxes}${error}</fieldset>`;
    }
    case 'checkbox':
      return `<div class="field check" ${box}><input type="checkbox" id="${id}" ${name} value="true"${required}><label for="${id}">${label}</label>${error}</div>`;
    case 'select': {
      const options = view.options
        .map((option) => `<option value="${escapeHtml(option.value)}">${escapeHtml(option.label)}</option>`)
        .join('');
      const empty = `<option value="">${escapeHtml(view.placeholder ?? 'Elige una opción')}</option>`;
      return `<div class="field" ${box}><label for="${id}">${label}</label><select id="${id}" ${name}${required}>${empty}${options}</select>${error}</div>`;
    }
    case 'textarea':
      return `<div class="field" ${box}><label for="${id}">${label}</label><textarea id="${id}" ${name}${required}${attributes}></textarea>${error}</div>`;
    default:
      return `<div class="field" ${box}><label for="${id}">${label}</label><input type="${view.control.type}" id="${id}" ${name}${required}${attributes}>${error}</div>`;
  }
}

/** 'La elige el visitante': the sector, required. */
function categoryHtml(): string {
  return fieldHtml({
    path: 'category',
    label: 'Sector',
    required: true,
    requiredMessage: 'Elige una categoría',
    control: { type: 'select', invalid: '' },
    options: LEAD_CATEGORY_OPTIONS,
    placeholder: 'Elige un sector',
  });
}

/** The page's HTML and the Content-Security-Policy it runs under (framed only by the form's allowed sites). */
export function renderFormPage({ form, definitions }: OpenWebForm): { html: string; csp: string } {
  const fields = form.fields
    .map((setting) => fieldView(setting, definitions))
    .filter((view) => view !== undefined)
    .map(fieldHtml)
    .join('');
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
<form id="web-form" method="post" action="${action}" data-slug="${escapeHtml(form.slug)}" novalidate>
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
