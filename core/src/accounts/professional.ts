import type { ProfessionalType } from './registries';

/** Notification preferences (spec §3, defaults of §9: email on, exams on, reports off, system on). */
export interface NotificationPreferences {
  emailNotifications: boolean;
  examAlerts: boolean;
  reportAlerts: boolean;
  systemUpdates: boolean;
}

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailNotifications: true,
  examAlerts: true,
  reportAlerts: false,
  systemUpdates: true,
};

/** The registry fields of a professional; only those of its type are kept (spec §3). */
export interface Registry {
  crm: string | null;
  crmState: string | null;
  crfa: string | null;
  crfaRegion: string | null;
  crea: string | null;
  creaState: string | null;
}

/** A user of Limiar: a health or safety professional of one organisation (the tenant). */
export interface Professional extends Registry {
  id: string;
  organizationId: string;
  organizationName: string;
  name: string;
  /** Lower-cased, trimmed; unique across the system. */
  email: string;
  /** argon2id hash; null for accounts created by Google sign-in. */
  passwordHash: string | null;
  googleSubject: string | null;
  /** Null only for a Google-created account that has not chosen its type yet. */
  professionalType: ProfessionalType | null;
  specialization: string | null;
  phoneNumber: string | null;
  notificationPreferences: NotificationPreferences;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Complete when the registry of its type is filled and a specialization is chosen: what the
 * profile-completion modal asks for before a laudo can be signed (spec §2, §6).
 */
export function isProfileCompleted(p: Pick<Professional, 'professionalType' | 'specialization'> & Registry): boolean {
  if (!p.specialization) return false;
  switch (p.professionalType) {
    case 'Medico':
      return Boolean(p.crm && p.crmState);
    case 'Fonoaudiologo':
      return Boolean(p.crfa && p.crfaRegion);
    case 'Engenheiro':
      return Boolean(p.crea && p.creaState);
    default:
      return false;
  }
}

/** Keeps only the registry of the given type, so a type change never leaves stale numbers. */
export function registryForType(type: ProfessionalType | null, r: Partial<Registry>): Registry {
  const clean = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
  return {
    crm: type === 'Medico' ? clean(r.crm) : null,
    crmState: type === 'Medico' ? clean(r.crmState)?.toUpperCase() ?? null : null,
    crfa: type === 'Fonoaudiologo' ? clean(r.crfa) : null,
    crfaRegion: type === 'Fonoaudiologo' ? clean(r.crfaRegion) : null,
    crea: type === 'Engenheiro' ? clean(r.crea) : null,
    creaState: type === 'Engenheiro' ? clean(r.creaState)?.toUpperCase() ?? null : null,
  };
}
