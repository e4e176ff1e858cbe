/**
 * The second factor (TOTP with recovery codes), the sign-in's second step, the 2FA requirement
 * per role and the one-time password reset links (docs/roles-and-permissions.md, 'Autenticación 2FA').
 */
import { z } from 'zod';
import { SYSTEM_ROLES } from '../roles.js';
import { idSchema, passwordSchema, text } from './common.js';
import { userSchema } from './user.js';

export const RECOVERY_CODE_COUNT = 10;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Introduce el código de verificación de tu aplicación de autenticación',
  wrongCode: 'Código de verificación incorrecto',
  challengeExpired: 'La verificación ha caducado. Vuelve a iniciar sesión.',
  enrolFirst: 'Tu rol exige la autenticación en dos pasos: actívala en tu perfil para continuar',
  alreadyEnabled: 'La autenticación en dos pasos ya está activada',
  noPendingEnrolment: 'Primero inicia la activación de la autenticación en dos pasos',
  notEnabled: 'La autenticación en dos pasos no está activada',
  requiredByRole: 'Tu rol exige la autenticación en dos pasos: no puedes desactivarla',
  wrongPasswordOrCode: 'La contraseña o el código no son correctos',
  resetLinkInvalid: 'Este enlace ya no es válido: ha caducado o ya se usó. Pide uno nuevo a un administrador.',
} as const;

const CODE_MESSAGE = 'Introduce el código de verificación';

/** Six digits as an authenticator app shows them; spaces people type in the middle are dropped. */
export const totpCodeSchema = text({ message: CODE_MESSAGE })
  .max(20, { message: TWO_FACTOR_MESSAGES.wrongCode })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { message: 'El código tiene 6 dígitos' }));

/** A TOTP code or a recovery code: the server tells them apart (six digits, or not). */
export const secondFactorCodeSchema = text({ message: CODE_MESSAGE })
  .trim()
  .min(1, { message: CODE_MESSAGE })
  .max(40, { message: TWO_FACTOR_MESSAGES.wrongCode });

/** POST /api/login/2fa: the challenge the password step answered with, and a code. */
export const loginSecondFactorSchema = z.object({
  challenge: text({ message: TWO_FACTOR_MESSAGES.challengeExpired })
    .min(1, { message: TWO_FACTOR_MESSAGES.challengeExpired })
    .max(100, { message: TWO_FACTOR_MESSAGES.challengeExpired }),
  code: secondFactorCodeSchema,
});
export type LoginSecondFactorInput = z.input<typeof loginSecondFactorSchema>;

/** What a right password answers (a 401) for a user with a second factor: the rest of the sign-in. */
export const loginChallengeSchema = z.object({
  message: z.string(),
  secondFactorRequired: z.literal(true),
  challenge: z.string(),
  expiresAt: z.string(),
});
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

/** The signed-in user as auth.me and GET /api/auth/user answer: the user, and whether they must enrol first. */
export const sessionUserSchema = userSchema.extend({
  /** Their role requires a second factor they have not set up: every other call is a 403 until they do. */
  mustEnrolTwoFactor: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** One of the user's roles requires it: it cannot be turned off. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int().min(0),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The enrolment's first step: the secret to add to an app, as a QR code (drawn by the server) or typed. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** An SVG data URL: no outside service ever sees the secret. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const confirmTwoFactorSchema = z.object({ code: totpCodeSchema });
export type ConfirmTwoFactorInput = z.input<typeof confirmTwoFactorSchema>;

/** Shown once, right after the factor is confirmed. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** New recovery codes (the old ones stop working): a current code proves it is the owner. */
export const regenerateRecoveryCodesSchema = z.object({ code: secondFactorCodeSchema });
export type RegenerateRecoveryCodesInput = z.input<typeof regenerateRecoveryCodesSchema>;

export const disableTwoFactorSchema = z.object({
  password: text({ message: 'La contraseña es requerida' }).min(1, { message: 'La contraseña es requerida' }).max(200),
  code: secondFactorCodeSchema,
});
export type DisableTwoFactorInput = z.input<typeof disableTwoFactorSchema>;

/** Which roles require a second factor: system roles by name, custom roles by id. */
export const twoFactorRequirementsSchema = z.object({
  systemRoles: z.array(z.enum(SYSTEM_ROLES)),
  customRoleIds: z.array(z.number()),
});
export type TwoFactorRequirements = z.infer<typeof twoFactorRequirementsSchema>;

/** A role in a path: a system role ('vendedor' reads as team_member) or a custom role's id. */
export const twoFactorRoleSchema = z.union(
  [
    z.enum([...SYSTEM_ROLES, 'vendedor']).transform((role) => ({ systemRole: role === 'vendedor' ? ('team_member' as const) : role })),
    idSchema.transform((customRoleId) => ({ customRoleId })),
  ],
  { message: 'Rol inválido' },
);

export const setTwoFactorRequirementSchema = z.object({
  role: twoFactorRoleSchema,
  required: z.boolean({ message: 'Indica si el rol exige 2FA' }),
});
export type SetTwoFactorRequirementInput = z.input<typeof setTwoFactorRequirementSchema>;

/** POST /api/users/{id}/password-reset-link: the link to hand over, valid once until `expiresAt`. */
export const passwordResetLinkSchema = z.object({ url: z.string(), expiresAt: z.date() });
export type PasswordResetLink = z.infer<typeof passwordResetLinkSchema>;

const resetToken = text({ message: TWO_FACTOR_MESSAGES.resetLinkInvalid })
  .min(1, { message: TWO_FACTOR_MESSAGES.resetLinkInvalid })
  .max(100, { message: TWO_FACTOR_MESSAGES.resetLinkInvalid });

export const passwordResetTokenSchema = z.object({ token: resetToken });

/** Who a valid link is for, so the page can say it. */
export const passwordResetLinkInfoSchema = z.object({ username: z.string(), expiresAt: z.date() });
export type PasswordResetLinkInfo = z.infer<typeof passwordResetLinkInfoSchema>;

export const passwordResetSchema = z.object({ token: resetToken, password: passwordSchema });
export type PasswordResetInput = z.input<typeof passwordResetSchema>;
