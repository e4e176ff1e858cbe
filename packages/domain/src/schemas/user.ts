/** Users as the API returns them, and the forms that create and edit them. */
import { z } from 'zod';
import { SYSTEM_ROLES, normalizeSystemRole } from '../roles.js';
import { LIMITS, clearableText, emailSchema, idSchema, optionalText, passwordSchema, requiredText, text } from './common.js';

export const systemRoleSchema = z.enum(SYSTEM_ROLES);

/** Accepts 'vendedor' as a synonym of team_member (stored as team_member); any other value is refused. */
export const systemRoleInputSchema = z
  .string({ message: 'El rol es requerido' })
  .trim()
  .min(1, { message: 'El rol es requerido' })
  .refine((value) => ['admin', 'manager', 'team_member', 'vendedor'].includes(value), {
    message: 'El rol es requerido',
  })
  .transform(normalizeSystemRole);

export const userSchema = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  username: z.string(),
  systemRole: systemRoleSchema,
  /** Same value as systemRole, for clients written against either name. */
  role: systemRoleSchema,
  /** The team the person belongs to (docs/teams.md); teamName is its name. */
  teamId: z.number().nullable(),
  teamName: z.string().nullable(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.date(),
  /** 'Disponible para asignación': automatic distribution skips whoever is not. */
  available: z.boolean(),
  /** A confirmed second factor (TOTP) guards the sign-in (docs/roles-and-permissions.md, 'Autenticación 2FA'). */
  twoFactorEnabled: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** User management's 'Crear Nuevo Usuario': names, email and password all required. */
export const createUserSchema = z
  .object({
    firstName: requiredText('Todos los campos son requeridos'),
    lastName: requiredText('Todos los campos son requeridos'),
    email: emailSchema,
    password: passwordSchema,
    systemRole: systemRoleInputSchema.default('team_member'),
    teamName: optionalText(LIMITS.shortText),
  })
  .superRefine((value, ctx) => {
    if (value.systemRole === 'manager' && !value.teamName) {
      ctx.addIssue({
        code: 'custom',
        path: ['teamName'],
        message: 'El nombre del equipo es requerido para managers',
      });
    }
  });
export type CreateUserInput = z.input<typeof createUserSchema>;

/** 'Editar Usuario' and the profile: names required, the rest optional. */
export const updateUserSchema = z.object({
  firstName: requiredText('El nombre es requerido').optional(),
  lastName: requiredText('Los apellidos son requeridos').optional(),
  email: emailSchema.optional(),
  // An edit leaves an absent field alone; '' or null clear it.
  phone: clearableText(LIMITS.shortText),
  bio: clearableText(),
  teamName: clearableText(LIMITS.shortText),
  /** A Vendedor's team (null: none); an admin sets any, a manager only his own (docs/teams.md). */
  teamId: idSchema.nullable().optional(),
  /** Only an admin may change it (docs/roles-and-permissions.md). */
  role: systemRoleInputSchema.optional(),
  systemRole: systemRoleInputSchema.optional(),
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;

/** The Profile screen's personal-info form: names and email required, phone and bio optional. */
export const profileFormSchema = z.object({
  firstName: requiredText('El nombre es requerido'),
  lastName: requiredText('Los apellidos son requeridos'),
  email: emailSchema,
  phone: optionalText(LIMITS.shortText),
  bio: optionalText(),
});
export type ProfileForm = z.input<typeof profileFormSchema>;

export const changePasswordSchema = z.object({
  currentPassword: text().min(1, { message: 'La contraseña actual es requerida' }).max(LIMITS.password.max),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** Deleting (deactivating) a user: whom their open leads go to; absent, they become unassigned. */
export const deleteUserSchema = z.object({
  reassignTo: idSchema.optional(),
});
export type DeleteUser = z.output<typeof deleteUserSchema>;

/** User management's counters: how many users hold each system role. */
export const userRoleCountsSchema = z.object({
  admin: z.number().int().min(0),
  manager: z.number().int().min(0),
  team_member: z.number().int().min(0),
});
export type UserRoleCounts = z.infer<typeof userRoleCountsSchema>;

/** PUT /api/users/{id}/availability. */
export const availabilitySchema = z.object({ available: z.boolean({ message: 'Indica si está disponible' }) });
export type AvailabilityInput = z.input<typeof availabilitySchema>;

/** What deleting a user would hand on: how many open leads are theirs (the confirmation dialog says it). */
export const deletionPreviewSchema = z.object({ openLeads: z.number().int().min(0) });
export type DeletionPreview = z.infer<typeof deletionPreviewSchema>;
