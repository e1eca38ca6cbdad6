import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { InferEntity } from '@mikro-orm/core';
import type {
  AttemptCheck, AttemptScope, ContactMessage, DataDeletionRequest, LoginAttemptLog, Organization, OrganizationRepository,
  ProfessionalRepository, PublicRequestLog, Session, SessionRepository, Professional, ProfessionalType,
} from '../../../../../core/src';
import {
  ContactMessageSchema, DataDeletionRequestSchema, LoginAttemptSchema, OrganizationSchema, ProfessionalSchema, SessionSchema,
} from '../schemas/account-schemas';
import { isUuid } from './uuid';

/** `em` is the ORM's global manager: inside a request or a transaction it resolves to that fork. */
type Em = () => EntityManager;

type ProfessionalRow = InferEntity<typeof ProfessionalSchema>;

const toRow = (p: Professional): ProfessionalRow => {
  const { organizationName: _name, ...row } = p;
  return row as ProfessionalRow;
};

export class MikroOrmProfessionalRepository implements ProfessionalRepository {
  constructor(private readonly em: Em) {}

  async findById(id: string) {
    return isUuid(id) ? this.one('p.id = ?', [id]) : undefined;
  }

  findByEmail(email: string) {
    return this.one('p.email = ?', [email.trim().toLowerCase()]);
  }

  findByGoogleSubject(subject: string) {
    return this.one('p.google_subject = ?', [subject]);
  }

  async insert(professional: Professional) {
    try {
      await this.em().insert(ProfessionalSchema, toRow(professional));
      return 'inserted' as const;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return 'duplicate-email' as const;
      throw error;
    }
  }

  async update(professional: Professional) {
    const { id, ...rest } = toRow(professional);
    try {
      await this.em().nativeUpdate(ProfessionalSchema, { id }, rest);
      return 'updated' as const;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return 'duplicate-email' as const;
      throw error;
    }
  }

  private async one(where: string, params: unknown[]): Promise<Professional | undefined> {
    const rows = await this.em().getConnection().execute<Record<string, unknown>[]>(
      `select p.*, o.name as organization_name from professional p join organization o on o.id = p.organization_id where ${where} limit 1`,
      params,
      'all',
      this.em().getTransactionContext(),
    );
    const r = rows[0];
    if (!r) return undefined;
    return {
      id: r.id as string, organizationId: r.organization_id as string, organizationName: r.organization_name as string,
      name: r.name as string, email: r.email as string, passwordHash: (r.password_hash as string) ?? null,
      googleSubject: (r.google_subject as string) ?? null, professionalType: (r.professional_type as ProfessionalType) ?? null,
      crm: (r.crm as string) ?? null, crmState: (r.crm_state as string) ?? null, crfa: (r.crfa as string) ?? null,
      crfaRegion: (r.crfa_region as string) ?? null, crea: (r.crea as string) ?? null, creaState: (r.crea_state as string) ?? null,
      specialization: (r.specialization as string) ?? null, phoneNumber: (r.phone_number as string) ?? null,
      notificationPreferences: r.notification_preferences as Professional['notificationPreferences'],
      createdAt: new Date(r.created_at as string), updatedAt: new Date(r.updated_at as string),
    };
  }
}

export class MikroOrmOrganizationRepository implements OrganizationRepository {
  constructor(private readonly em: Em) {}
  async insert(organization: Organization) {
    await this.em().insert(OrganizationSchema, organizationRow(organization));
  }
  async findById(id: string) {
    if (!isUuid(id)) return undefined;
    const r = await this.em().findOne(OrganizationSchema, { id });
    if (!r) return undefined;
    return {
      id: r.id, name: r.name, createdAt: r.createdAt, cnpj: r.cnpj ?? null, address: r.address ?? null, phone: r.phone ?? null, email: r.email ?? null,
      logo: r.logoStorageKey && r.logoMimeType && r.logoSha256 ? { storageKey: r.logoStorageKey, mimeType: r.logoMimeType as 'image/png' | 'image/jpeg', sha256: r.logoSha256 } : null,
    };
  }
  async update(organization: Organization) {
    const { id, createdAt: _created, ...row } = organizationRow(organization);
    await this.em().nativeUpdate(OrganizationSchema, { id }, row);
  }
}

/** The organisation as its row: the header fields (issue 14) and the logo's storage key, type and hash. */
function organizationRow(o: Organization) {
  return {
    id: o.id, name: o.name, createdAt: o.createdAt, cnpj: o.cnpj ?? null, address: o.address ?? null, phone: o.phone ?? null, email: o.email ?? null,
    logoStorageKey: o.logo?.storageKey ?? null, logoMimeType: o.logo?.mimeType ?? null, logoSha256: o.logo?.sha256 ?? null,
  };
}

export class MikroOrmSessionRepository implements SessionRepository {
  constructor(private readonly em: Em) {}

  async insert(session: Session) {
    await this.em().insert(SessionSchema, session);
  }

  async findActive(id: string, now: Date) {
    if (!isUuid(id)) return undefined;
    const row = await this.em().findOne(SessionSchema, { id, revokedAt: null, expiresAt: { $gt: now } }, { disableIdentityMap: true });
    return row ? ({ ...row } as Session) : undefined;
  }

  async revoke(id: string, now: Date) {
    await this.em().nativeUpdate(SessionSchema, { id, revokedAt: null }, { revokedAt: now });
  }

  async revokeAllForUser(userId: string, exceptId: string | null, now: Date) {
    const where = exceptId ? { userId, revokedAt: null, id: { $ne: exceptId } } : { userId, revokedAt: null };
    return this.em().nativeUpdate(SessionSchema, where, { revokedAt: now });
  }

  revokeAllForMember(userId: string, organizationId: string, now: Date) {
    return this.em().nativeUpdate(SessionSchema, { userId, organizationId, revokedAt: null }, { revokedAt: now });
  }

  async switchOrganization(id: string, organizationId: string) {
    await this.em().nativeUpdate(SessionSchema, { id, revokedAt: null }, { organizationId });
  }
}

export class MikroOrmLoginAttemptLog implements LoginAttemptLog {
  constructor(private readonly em: Em) {}

  countFailuresSince(scope: AttemptScope, since: Date) {
    return this.em().count(LoginAttemptSchema, { ...scope, attemptedAt: { $gt: since } });
  }

  async oldestFailureSince(scope: AttemptScope, since: Date) {
    const row = await this.em().findOne(LoginAttemptSchema, { ...scope, attemptedAt: { $gt: since } }, { orderBy: { attemptedAt: 'asc' }, disableIdentityMap: true });
    return row?.attemptedAt;
  }

  async recordFailure(attempt: Required<AttemptScope>, at: Date) {
    await this.em().insert(LoginAttemptSchema, { ...attempt, attemptedAt: at });
  }

  /**
   * Count and insert under a transaction-level advisory lock of the attempt's kind (ADR 0023): concurrent
   * attempts of every API process take turns for these few milliseconds (not for the password check), so
   * each one counts all those recorded before it.
   */
  recordWithin(attempt: Required<AttemptScope>, at: Date, since: Date, checks: readonly AttemptCheck[]) {
    return this.em().transactional(async (em): Promise<{ id: string } | { refused: AttemptScope }> => {
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`limiar:attempt:${attempt.kind}`]);
      for (const { scope, max } of checks) {
        if ((await em.count(LoginAttemptSchema, { ...scope, attemptedAt: { $gt: since } })) + 1 > max) return { refused: scope };
      }
      return { id: String(await em.insert(LoginAttemptSchema, { ...attempt, attemptedAt: at })) };
    });
  }

  async removeFailure(id: string) {
    await this.em().nativeDelete(LoginAttemptSchema, { id: Number(id) });
  }

  async clearFailures(attempt: Required<AttemptScope>) {
    await this.em().nativeDelete(LoginAttemptSchema, attempt);
  }
}

export class MikroOrmPublicRequestLog implements PublicRequestLog {
  constructor(private readonly em: Em) {}

  async saveContact(message: ContactMessage) {
    await this.em().insert(ContactMessageSchema, message);
  }

  async saveDataDeletionRequest(request: DataDeletionRequest) {
    await this.em().insert(DataDeletionRequestSchema, request);
  }

  countSince(kind: 'contact' | 'data-deletion', ip: string, since: Date) {
    const schema = kind === 'contact' ? ContactMessageSchema : DataDeletionRequestSchema;
    return this.em().count(schema as typeof ContactMessageSchema, { ip, createdAt: { $gte: since } });
  }
}
