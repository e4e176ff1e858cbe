/**
 * In a browser, zod is told not to probe `new Function('')` for its fast path: the web app's
 * Content-Security-Policy forbids eval, so the probe is a violation on every page. The probe runs
 * when a schema is built, so index.ts imports this module before any schema. The server keeps the
 * fast path.
 */
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });
