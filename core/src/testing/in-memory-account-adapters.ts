import type { Invitation, MemberView, Membership, MembershipSummary } from '../accounts/membership';
import type { Professional } from '../accounts/professional';
import { registryLabel } from '../accounts/registries';
import type {
  InvitationRepository, MembershipRepository,
  AttemptCheck, AttemptScope, ContactMessage, DataDeletionRequest, LoginAttemptLog, Organization, OrganizationRepository, PasswordHasher,
  ProfessionalRepository, PublicRequestLog, Session, SessionClaims, SessionRepository, SessionTokens,
} from '../ports/account-ports';
import type { PasswordResetToken, PasswordResetTokenRepository } from '../ports/account-ports';
import type { SecretHasher } from '../ports/embed-ports';
import type { MailMessage, MailSender } from '../ports/mail-sender';
import type { Clock } from '../ports/clock';
import type { IdGenerator } from '../ports/id-generator';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { ProfessionalOrganizations } from '../ports/exam-export-source';

// In-memory adapters store copies, as a database does, so a forgotten save fails a test.
const copy = <T>(value: T): T => structuredClone(value);

export class InMemoryOrganizationRepository implements OrganizationRepository {
  readonly rows = new Map<string, Organization>();
  async insert(o: Organization) {
    this.rows.set(o.id, copy(o));
  }
  async findById(id: string) {
    const o = this.rows.get(id);
    return o ? { cnpj: null, address: null, phone: null, email: null, logo: null, ...copy(o) } : undefined;
  }
  async update(o: Organization) {
    if (this.rows.has(o.id)) this.rows.set(o.id, copy(o));
  }
}

export class InMemoryProfessionalRepository implements ProfessionalRepository {
  private readonly rows = new Map<string, Professional>();
  constructor(private readonly organizations?: InMemoryOrganizationRepository) {}

  async findById(id: string) {
    return this.read([...this.rows.values()].find((p) => p.id === id));
  }
  async findByEmail(email: string) {
    return this.read([...this.rows.values()].find((p) => p.email === email.trim().toLowerCase()));
  }
  async findByGoogleSubject(subject: string) {
    return this.read([...this.rows.values()].find((p) => p.googleSubject === subject));
  }
  async insert(p: Professional) {
    if ([...this.rows.values()].some((r) => r.email === p.email)) return 'duplicate-email' as const;
    this.rows.set(p.id, copy(p));
    return 'inserted' as const;
  }
  async update(p: Professional) {
    if ([...this.rows.values()].some((r) => r.email === p.email && r.id !== p.id)) return 'duplicate-email' as const;
    this.rows.set(p.id, copy(p));
    return 'updated' as const;
  }
  private read(p: Professional | undefined) {
    if (!p) return undefined;
    const organizationName = this.organizations?.rows.get(p.organizationId)?.name ?? p.organizationName;
    return { ...copy(p), organizationName };
  }
}

export class InMemorySessionRepository implements SessionRepository {
  readonly rows = new Map<string, Session>();
  async insert(s: Session) {
    this.rows.set(s.id, copy(s));
  }
  async findActive(id: string, now: Date) {
    const s = this.rows.get(id);
    return s && !s.revokedAt && s.expiresAt > now ? copy(s) : undefined;
  }
  async revoke(id: string, now: Date) {
    const s = this.rows.get(id);
    if (s && !s.revokedAt) s.revokedAt = now;
  }
  async revokeAllForUser(userId: string, exceptId: string | null, now: Date) {
    let n = 0;
    for (const s of this.rows.values()) {
      if (s.userId === userId && !s.revokedAt && s.id !== exceptId) {
        s.revokedAt = now;
        n++;
      }
    }
    return n;
  }
  async revokeAllForMember(userId: string, organizationId: string, now: Date) {
    let n = 0;
    for (const s of this.rows.values()) {
      if (s.userId === userId && s.organizationId === organizationId && !s.revokedAt) {
        s.revokedAt = now;
        n++;
      }
    }
    return n;
  }
  async switchOrganization(id: string, organizationId: string) {
    const s = this.rows.get(id);
    if (s) s.organizationId = organizationId;
  }
}

export class InMemoryMembershipRepository implements MembershipRepository {
  readonly rows = new Map<string, Membership>();
  constructor(
    private readonly organizations: InMemoryOrganizationRepository,
    private readonly professionals: InMemoryProfessionalRepository,
    private readonly sessions: InMemorySessionRepository,
  ) {}

  async insert(m: Membership) {
    if ([...this.rows.values()].some((r) => r.organizationId === m.organizationId && r.userId === m.userId)) return 'duplicate' as const;
    this.rows.set(m.id, copy(m));
    return 'inserted' as const;
  }
  async findById(organizationId: string, id: string) {
    const m = this.rows.get(id);
    return m && m.organizationId === organizationId ? copy(m) : undefined;
  }
  async findFor(organizationId: string, userId: string) {
    const m = [...this.rows.values()].find((r) => r.organizationId === organizationId && r.userId === userId);
    return m ? copy(m) : undefined;
  }
  async findForActiveSession(sessionId: string, now: Date) {
    const session = await this.sessions.findActive(sessionId, now);
    return session && { session, membership: await this.findFor(session.organizationId, session.userId) };
  }
  async update(m: Membership) {
    const row = this.rows.get(m.id);
    if (row) this.rows.set(m.id, { ...row, roles: [...m.roles], status: m.status, deactivatedAt: m.deactivatedAt });
  }
  async listMembers(organizationId: string): Promise<MemberView[]> {
    const views: MemberView[] = [];
    for (const m of this.rows.values()) {
      if (m.organizationId !== organizationId) continue;
      const p = await this.professionals.findById(m.userId);
      if (!p) continue;
      views.push({ ...copy(m), name: p.name, email: p.email, professionalType: p.professionalType, registry: registryLabel(p) ?? null });
    }
    return views.sort((a, b) => (a.status === b.status ? a.name.localeCompare(b.name, 'pt-BR') : a.status === 'ativo' ? -1 : 1));
  }
  async listActiveForUser(userId: string): Promise<MembershipSummary[]> {
    return [...this.rows.values()]
      .filter((m) => m.userId === userId && m.status === 'ativo')
      .map((m) => ({ organizationId: m.organizationId, organizationName: this.organizations.rows.get(m.organizationId)?.name ?? '', memberId: m.id, roles: [...m.roles] }))
      .sort((a, b) => a.organizationName.localeCompare(b.organizationName, 'pt-BR'));
  }
  async countActiveAdministrators(organizationId: string) {
    return [...this.rows.values()].filter((m) => m.organizationId === organizationId && m.status === 'ativo' && m.roles.includes('administrador')).length;
  }
  async touch(id: string, at: Date) {
    const m = this.rows.get(id);
    if (m && (!m.lastAccessAt || m.lastAccessAt < at)) m.lastAccessAt = at;
  }
}

export class InMemoryInvitationRepository implements InvitationRepository {
  readonly rows = new Map<string, Invitation>();
  async insert(i: Invitation) {
    this.rows.set(i.id, copy(i));
  }
  async findByHash(tokenHash: string) {
    const i = [...this.rows.values()].find((r) => r.tokenHash === tokenHash);
    return i ? copy(i) : undefined;
  }
  async accept(id: string, userId: string, now: Date) {
    const i = this.rows.get(id);
    if (!i || i.acceptedAt || i.revokedAt || i.expiresAt <= now) return false;
    i.acceptedAt = now;
    i.acceptedBy = userId;
    return true;
  }
  async listPending(organizationId: string, now: Date) {
    return [...this.rows.values()]
      .filter((i) => i.organizationId === organizationId && !i.acceptedAt && !i.revokedAt && i.expiresAt > now)
      .sort((a, b) => +b.createdAt - +a.createdAt)
      .map(copy);
  }
  async revoke(organizationId: string, id: string, now: Date) {
    const i = this.rows.get(id);
    if (!i || i.organizationId !== organizationId || i.acceptedAt || i.revokedAt || i.expiresAt <= now) return false;
    i.revokedAt = now;
    return true;
  }
}

export class InMemoryLoginAttemptLog implements LoginAttemptLog {
  private rows: Array<Required<AttemptScope> & { at: Date; id: string }> = [];
  private seq = 0;
  private inScope(s: AttemptScope, since: Date) {
    return this.rows.filter((r) => r.kind === s.kind && (s.email === undefined || r.email === s.email) && (s.ip === undefined || r.ip === s.ip) && r.at > since);
  }
  async countFailuresSince(scope: AttemptScope, since: Date) {
    return this.inScope(scope, since).length;
  }
  async oldestFailureSince(scope: AttemptScope, since: Date) {
    return this.inScope(scope, since).sort((a, b) => +a.at - +b.at)[0]?.at;
  }
  async recordFailure(attempt: Required<AttemptScope>, at: Date) {
    this.rows.push({ ...attempt, at, id: String(++this.seq) });
  }
  async recordWithin(attempt: Required<AttemptScope>, at: Date, since: Date, checks: readonly AttemptCheck[]) {
    const over = checks.find((c) => this.inScope(c.scope, since).length + 1 > c.max);
    if (over) return { refused: over.scope };
    const id = String(++this.seq);
    this.rows.push({ ...attempt, at, id });
    return { id };
  }
  async removeFailure(id: string) {
    this.rows = this.rows.filter((r) => r.id !== id);
  }
  async clearFailures(a: Required<AttemptScope>) {
    this.rows = this.rows.filter((r) => !(r.kind === a.kind && r.email === a.email && r.ip === a.ip));
  }
}

export class InMemoryPublicRequestLog implements PublicRequestLog {
  readonly contacts: ContactMessage[] = [];
  readonly deletions: DataDeletionRequest[] = [];
  async saveContact(m: ContactMessage) {
    if (this.contacts.some((c) => c.id === m.id)) throw new Error(`contact message ${m.id} exists`);
    this.contacts.push(copy(m));
  }
  async saveDataDeletionRequest(r: DataDeletionRequest) {
    if (this.deletions.some((d) => d.id === r.id)) throw new Error(`data deletion request ${r.id} exists`);
    this.deletions.push(copy(r));
  }
  async countSince(kind: 'contact' | 'data-deletion', ip: string, since: Date) {
    const rows = kind === 'contact' ? this.contacts : this.deletions;
    return rows.filter((r) => r.ip === ip && r.createdAt >= since).length;
  }
}

/** Reversible, fast "hash" for unit tests (the real one is argon2id, tested in adapters). */
export const plainTextHasher: PasswordHasher = {
  hash: async (password) => `plain:${password}`,
  verify: async (hash, password) => hash === `plain:${password}`,
};

/** Opaque tokens `tok:<session>:<user>:<expiry ms>` that expire with the given clock. */
export function fakeSessionTokens(clock: Clock): SessionTokens {
  return {
    sign: async (c: SessionClaims, expiresAt: Date) => `tok:${c.sessionId}:${c.userId}:${expiresAt.getTime()}`,
    verify: async (token: string) => {
      const [kind, sessionId, userId, exp] = token.split(':');
      if (kind !== 'tok' || !sessionId || !userId || Number(exp) <= clock.now().getTime()) return undefined;
      return { sessionId, userId };
    },
  };
}

/** Runs the work directly (no rollback): enough for use-case tests. */
export const immediateUnitOfWork: UnitOfWork = { run: (work) => work() };

export function sequentialIds(prefix = 'id'): IdGenerator {
  let n = 0;
  return { next: () => `${prefix}-${++n}` };
}

/** A clock that stands still until moved. */
export function fixedClock(iso: string) {
  let now = new Date(iso);
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}

export class InMemoryPasswordResetTokenRepository implements PasswordResetTokenRepository {
  readonly rows = new Map<string, PasswordResetToken>();
  private requests: Array<{ email: string; ip: string; at: Date }> = [];
  async insert(t: PasswordResetToken) {
    this.rows.set(t.id, copy(t));
  }
  async findByHash(tokenHash: string) {
    const t = [...this.rows.values()].find((r) => r.tokenHash === tokenHash);
    return t ? copy(t) : undefined;
  }
  async consume(id: string, now: Date) {
    const t = this.rows.get(id);
    if (!t || t.usedAt || t.expiresAt <= now) return false;
    t.usedAt = now;
    return true;
  }
  async invalidateAllForUser(userId: string, now: Date) {
    for (const t of this.rows.values()) if (t.userId === userId && !t.usedAt) t.usedAt = now;
  }
  async recordRequest(email: string, ip: string, at: Date) {
    this.requests.push({ email, ip, at });
  }
  async recordRequestWithin(email: string, ip: string, at: Date, since: Date, checks: readonly { by: { email: string } | { ip: string }; max: number }[]) {
    for (const { by, max } of checks) if ((await this.countRequestsSince(by, since)) + 1 > max) return { refused: by };
    this.requests.push({ email, ip, at });
    return {};
  }
  async countRequestsSince(by: { email: string } | { ip: string }, since: Date) {
    return this.matching(by, since).length;
  }
  async oldestRequestSince(by: { email: string } | { ip: string }, since: Date) {
    return this.matching(by, since).sort((a, b) => +a.at - +b.at)[0]?.at;
  }
  private matching(by: { email: string } | { ip: string }, since: Date) {
    return this.requests.filter((r) => ('email' in by ? r.email === by.email : r.ip === by.ip) && r.at > since);
  }
}

/** Keeps sent messages in `sent`. */
export class InMemoryMailSender implements MailSender {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(copy(message));
  }
}

/**
 * Predictable secrets in the real format (base64url, 20+ characters: an embed token's secret must
 * pass its pattern) and a readable "hash" for unit tests (the real one is SHA-256).
 */
export function fakeSecretHasher(): SecretHasher {
  let n = 0;
  return {
    newSecret: () => `secret-${String(++n).padStart(16, '0')}`,
    hash: (secret) => `hash:${secret}`,
    matches: (secret, hash) => hash === `hash:${secret}`,
  };
}

/** The organisation of a professional by e-mail, read from the professional twin (the bulk CLI commands' port). */
export class InMemoryProfessionalOrganizations implements ProfessionalOrganizations {
  constructor(private readonly professionals: InMemoryProfessionalRepository, private readonly memberships: InMemoryMembershipRepository) {}
  async organizationsOf(email: string) {
    const professional = await this.professionals.findByEmail(email.trim());
    return professional ? this.memberships.listActiveForUser(professional.id) : [];
  }
}
