import { z } from 'zod';
import { ACTIONS, PROFESSIONAL_TYPES, ROLES } from '../../../../core/src';

/**
 * Wire contracts of accounts, sessions and profile (spec §3, §5, §7). Only the shape is checked
 * here; the ordered rules of §5 and their exact messages live in core (the server sends the text,
 * the web app shows it). Field names are the spec's.
 */
const optionalText = z.string().trim().max(200).optional().nullable();

export const registerBody = z.object({
  name: z.string().max(200).default(''),
  email: z.string().max(254).default(''),
  password: z.string().max(200).default(''),
  confirmPassword: z.string().max(200).default(''),
  professionalType: z.string().max(40).default(''),
  crm: optionalText,
  crmState: optionalText,
  crfa: optionalText,
  crfaRegion: optionalText,
  crea: optionalText,
  creaState: optionalText,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email: z.string().max(254).default(''),
  password: z.string().max(200).default(''),
  /** true → 30-day session, else 12 hours. */
  rememberMe: z.boolean().optional().default(false),
});

export const googleLoginBody = z.object({
  credential: z.string().min(1).max(8192),
  rememberMe: z.boolean().optional().default(false),
});

export const changePasswordBody = z.object({
  currentPassword: z.string().max(200).default(''),
  newPassword: z.string().max(200).default(''),
  /** spec §7 name; `confirmPassword` accepted too. */
  confirmNewPassword: z.string().max(200).optional(),
  confirmPassword: z.string().max(200).optional(),
});

/** The professional profile (spec §3), also returned as `user` by login/register/me. */
export const profileResponse = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  professionalType: z.enum(PROFESSIONAL_TYPES).nullable(),
  crm: z.string().nullable(),
  crmState: z.string().nullable(),
  crfa: z.string().nullable(),
  crfaRegion: z.string().nullable(),
  crea: z.string().nullable(),
  creaState: z.string().nullable(),
  specialization: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  profileCompleted: z.boolean(),
  organizationId: z.string(),
  organizationName: z.string(),
  /** Issue 18: the member's id and roles in the session's organisation, what those roles allow, and the login's organisations. */
  memberId: z.string(),
  roles: z.array(z.enum(ROLES)),
  permissions: z.array(z.enum(ACTIONS)),
  organizations: z.array(z.object({ organizationId: z.string(), organizationName: z.string(), roles: z.array(z.enum(ROLES)) })),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

export const authResponse = z.object({ token: z.string(), user: profileResponse, expiresAt: z.string() });
export type AuthResponse = z.infer<typeof authResponse>;

export const authConfigResponse = z.object({ googleClientId: z.string().nullable() });

export const updateProfileBody = z.object({
  name: z.string().max(200).default(''),
  /** Optional (spec §7 body has none): absent keeps the current e-mail. */
  email: z.string().max(254).optional(),
  professionalType: z.string().max(40).default(''),
  specialization: optionalText,
  phoneNumber: optionalText,
  crm: optionalText,
  crmState: optionalText,
  crfa: optionalText,
  crfaRegion: optionalText,
  crea: optionalText,
  creaState: optionalText,
});

/** Profile-completion modal payload (spec §3/§7), PascalCase as the spec has it. */
export const completeProfileBody = z.object({
  Crm: z.string().max(40).default(''),
  CrmState: z.string().max(10).default(''),
  Specialization: z.string().max(80).default(''),
  /** Issue 18: a fonoaudiólogo completes with the CRFa and its region instead of a CRM. */
  Crfa: z.string().max(40).optional(),
  CrfaRegion: z.string().max(10).optional(),
  ProfessionalId: z.string().max(80).nullable().optional(),
});
/** `userId` must be a UUID (the caller's own id): anything else is a 400, never a database error. */
export const completeProfileQuery = z.object({ userId: z.string().uuid('usuário inválido').optional() });

export const notificationPreferences = z.object({
  emailNotifications: z.boolean(),
  examAlerts: z.boolean(),
  reportAlerts: z.boolean(),
  systemUpdates: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

export const contactBody = z.object({
  name: z.string().max(200).default(''),
  email: z.string().max(254).default(''),
  /** vendas | suporte | parceria | outro */
  subject: z.string().max(40).default(''),
  message: z.string().max(5000).default(''),
});
export const CONTACT_SUBJECTS = ['vendas', 'suporte', 'parceria', 'outro'] as const;

export const dataDeletionBody = z.object({ email: z.string().max(254).default('') });
export const receiptResponse = z.object({ id: z.string(), createdAt: z.string(), status: z.string() });
/** A data-deletion request's receipt (issue 20): the status link holds the secret token, answered only here. */
export const deletionReceiptResponse = receiptResponse.extend({ token: z.string(), statusUrl: z.string() });

/** "Esqueci minha senha" (issue 14). */
export const forgotPasswordBody = z.object({ email: z.string().max(254).default('') });
export const forgotPasswordResponse = z.object({
  /** 'email': neutral answer, the link went by e-mail if the account exists; 'screen': no mail server, the link is here. */
  delivery: z.enum(['email', 'screen']),
  message: z.string(),
  /** Only for 'screen': the app path with the secret in the fragment (never sent to servers by browsers). */
  resetPath: z.string().optional(),
  expiresAt: z.string().optional(),
});
export type ForgotPasswordResponse = z.infer<typeof forgotPasswordResponse>;
export const resetTokenBody = z.object({ token: z.string().max(200).default('') });
export const resetTokenResponse = z.object({ email: z.string(), expiresAt: z.string() });
export const resetPasswordBody = z.object({
  token: z.string().max(200).default(''),
  password: z.string().max(200).default(''),
  confirmPassword: z.string().max(200).default(''),
});
export const resetPasswordResponse = z.object({ email: z.string(), message: z.string() });
