/** Sign-in input: both fields required, one Spanish message whichever is missing. */
import { z } from 'zod';
import { text } from './common.js';

const LOGIN_REQUIRED = 'Por favor ingresa usuario y contraseña';

export const loginSchema = z.object({
  username: text({ message: LOGIN_REQUIRED }).trim().min(1, { message: LOGIN_REQUIRED }).max(254),
  password: text({ message: LOGIN_REQUIRED }).min(1, { message: LOGIN_REQUIRED }).max(200),
});
export type LoginInput = z.input<typeof loginSchema>;

export const LOGIN_MESSAGES = {
  wrongCredentials: 'Usuario o contraseña incorrectos',
  throttled: 'Demasiados intentos fallidos. Espera unos minutos e inténtalo de nuevo.',
} as const;
