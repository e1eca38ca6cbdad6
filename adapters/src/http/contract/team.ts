import { z } from 'zod';
import { PROFESSIONAL_TYPES, ROLES } from '../../../../core/src';
import { authResponse } from './accounts';

/** Wire contracts of Configurações › Equipe, invitations and the organisation switcher (issue 18). */

const roles = z.array(z.string().max(40)).max(10).default([]);

export const memberResponse = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  professionalType: z.enum(PROFESSIONAL_TYPES).nullable(),
  registry: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  status: z.enum(['ativo', 'desativado']),
  createdAt: z.string(),
  lastAccessAt: z.string().nullable(),
  deactivatedAt: z.string().nullable(),
});
export type MemberResponse = z.infer<typeof memberResponse>;

export const memberListResponse = z.object({ members: z.array(memberResponse) });
export const memberParams = z.object({ id: z.string().max(100) });
export const changeRolesBody = z.object({ roles });

export const invitationResponse = z.object({
  id: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  createdAt: z.string(),
  expiresAt: z.string(),
  invitedByName: z.string(),
});
export const invitationListResponse = z.object({ invitations: z.array(invitationResponse) });

export const inviteBody = z.object({ email: z.string().max(254).default(''), roles });
/** The link is in this answer only (shown once, copyable); `emailSent` when SMTP_URL is configured. */
export const createdInvitationResponse = z.object({
  invitation: invitationResponse,
  link: z.string(),
  acceptPath: z.string(),
  emailSent: z.boolean(),
});

export const invitationTokenBody = z.object({ token: z.string().max(200).default('') });
export const invitationPreviewResponse = z.object({
  organizationName: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  expiresAt: z.string(),
  invitedByName: z.string(),
  accountExists: z.boolean(),
  requiredType: z.enum(['Medico', 'Fonoaudiologo']).nullable(),
});

const optionalText = z.string().trim().max(200).optional().nullable();
/**
 * mode 'new': the register form's fields (the e-mail is the invitation's); 'existing': the password of the
 * account with the invited e-mail; 'session': the caller's open session (Authorization header) is that account.
 */
export const acceptInvitationBody = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('new'), token: z.string().max(200),
    name: z.string().max(200).default(''), password: z.string().max(200).default(''), confirmPassword: z.string().max(200).default(''),
    professionalType: z.string().max(40).default(''),
    crm: optionalText, crmState: optionalText, crfa: optionalText, crfaRegion: optionalText, crea: optionalText, creaState: optionalText,
  }),
  z.object({ mode: z.literal('existing'), token: z.string().max(200), password: z.string().max(200).default('') }),
  z.object({ mode: z.literal('session'), token: z.string().max(200) }),
]);
export const acceptInvitationResponse = authResponse;

export const switchOrganizationBody = z.object({ organizationId: z.string().max(100) });
