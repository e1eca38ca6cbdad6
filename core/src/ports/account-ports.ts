import type { Invitation, MemberView, Membership, MembershipSummary } from '../accounts/membership';
import type { Professional } from '../accounts/professional';

/** Stores professionals (users). E-mails are unique, compared lower-cased. */
export interface ProfessionalRepository {
  findById(id: string): Promise<Professional | undefined>;
  findByEmail(email: string): Promise<Professional | undefined>;
  findByGoogleSubject(subject: string): Promise<Professional | undefined>;
  /** Returns 'duplicate-email' instead of inserting when the e-mail is taken (race-safe). */
  insert(professional: Professional): Promise<'inserted' | 'duplicate-email'>;
  /** Replaces the stored professional with the same id; 'duplicate-email' when the new e-mail is taken. */
  update(professional: Professional): Promise<'updated' | 'duplicate-email'>;
}

export interface Organization {
  id: string;
  name: string;
  createdAt: Date;
  /** Laudo header (issue 14, Configurações → Clínica); absent/null until filled in. CNPJ as 14 digits. */
  cnpj?: string | null;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  /** The clinic logo (PNG or JPEG ≤ 1 MB) in the encrypted file storage. */
  logo?: OrganizationLogo | null;
}

export interface OrganizationLogo {
  storageKey: string;
  mimeType: 'image/png' | 'image/jpeg';
  sha256: string;
}

/** Organisations (tenants): one is created with each registration. */
export interface OrganizationRepository {
  insert(organization: Organization): Promise<void>;
  findById(id: string): Promise<Organization | undefined>;
  /** Replaces the stored organisation with the same id (name, header fields and logo). */
  update(organization: Organization): Promise<void>;
}

/** A server-side session: a token is valid only while its session is neither revoked nor expired. */
export interface Session {
  id: string;
  userId: string;
  organizationId: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  userAgent: string | null;
  ip: string | null;
}

export interface SessionRepository {
  insert(session: Session): Promise<void>;
  /** The session if it exists, is not revoked and `now` is before its expiry. */
  findActive(id: string, now: Date): Promise<Session | undefined>;
  revoke(id: string, now: Date): Promise<void>;
  /** Revokes every active session of the user except `exceptId`; returns how many. */
  revokeAllForUser(userId: string, exceptId: string | null, now: Date): Promise<number>;
  /** Revokes the user's active sessions in one organisation (a deactivated member); returns how many. */
  revokeAllForMember(userId: string, organizationId: string, now: Date): Promise<number>;
  /** Moves an active session to another organisation of the same login (the organisation switcher). */
  switchOrganization(id: string, organizationId: string): Promise<void>;
}

/** Memberships of logins in organisations (issue 18). */
export interface MembershipRepository {
  /** 'duplicate' when the login already has a membership (active or not) in that organisation. */
  insert(membership: Membership): Promise<'inserted' | 'duplicate'>;
  findById(organizationId: string, id: string): Promise<Membership | undefined>;
  /** The membership of the login in the organisation, whatever its status. */
  findFor(organizationId: string, userId: string): Promise<Membership | undefined>;
  /**
   * The session `sessionId` if it is active (not revoked, `now` before its expiry; as `SessionRepository.findActive`)
   * with its login's membership in the session's organisation, whatever the membership's status (undefined when
   * there is none). One read for both: authentication asks this on every request (issue 22).
   */
  findForActiveSession(sessionId: string, now: Date): Promise<{ session: Session; membership: Membership | undefined } | undefined>;
  /** Replaces roles, status and deactivation time of the membership with the same id. */
  update(membership: Membership): Promise<void>;
  /** The organisation's members with name, e-mail and registry; active first, then by name. */
  listMembers(organizationId: string): Promise<MemberView[]>;
  /** The login's active memberships, with organisation names, by organisation name. */
  listActiveForUser(userId: string): Promise<MembershipSummary[]>;
  /** Active administrators of the organisation; `lock` holds their rows until the transaction ends (race-safe last-admin check). */
  countActiveAdministrators(organizationId: string, lock?: boolean): Promise<number>;
  /** Records the member's last access (called at most every few minutes per member). */
  touch(id: string, at: Date): Promise<void>;
}

/** Invitations to join an organisation (issue 18). */
export interface InvitationRepository {
  insert(invitation: Invitation): Promise<void>;
  findByHash(tokenHash: string): Promise<Invitation | undefined>;
  /** Marks it accepted if still pending and unexpired at `now`; false when it was not (race-safe, single use). */
  accept(id: string, userId: string, now: Date): Promise<boolean>;
  /** Pending (not accepted, not revoked, not expired) invitations of the organisation, newest first. */
  listPending(organizationId: string, now: Date): Promise<Invitation[]>;
  /** Revokes a pending invitation; false when it was not pending. */
  revoke(organizationId: string, id: string, now: Date): Promise<boolean>;
}

/** Failed logins per e-mail + IP, for the 5-per-15-minutes limit. */
/** What an attempt was (issue 15: the login limiter also guards register, change-password, public forms). */
export type AttemptKind = 'login' | 'register' | 'change-password' | 'contact' | 'data-deletion';

/** Attempts of one kind, by account (e-mail), by client address, or by both together. */
export interface AttemptScope {
  kind: AttemptKind;
  email?: string;
  ip?: string;
}

/** A limit on the attempts of one scope (`LoginAttemptLog.recordWithin`). */
export interface AttemptCheck {
  scope: AttemptScope;
  max: number;
}

export interface LoginAttemptLog {
  /** Attempts in the scope strictly after `since`. */
  countFailuresSince(scope: AttemptScope, since: Date): Promise<number>;
  /** The time of the oldest attempt counted since `since`, to say when the limit lifts. */
  oldestFailureSince(scope: AttemptScope, since: Date): Promise<Date | undefined>;
  recordFailure(attempt: Required<AttemptScope>, at: Date): Promise<void>;
  /**
   * Records the attempt only if, with it, every check's scope holds at most `max` attempts after `since`;
   * otherwise records nothing and names the first scope over its limit. Atomic with the same call in any
   * other process on the same database (ADR 0023): of concurrent attempts, exactly the allowed number are recorded.
   */
  recordWithin(attempt: Required<AttemptScope>, at: Date, since: Date, checks: readonly AttemptCheck[]): Promise<{ id: string } | { refused: AttemptScope }>;
  /** Removes one recorded attempt (it turned out not to be a failure). */
  removeFailure(id: string): Promise<void>;
  /** Forgets the attempts of that kind for that e-mail from that address (a successful login). */
  clearFailures(attempt: Required<AttemptScope>): Promise<void>;
}

/** argon2id in production. `verify` never throws for a bad hash: it answers false. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export interface SessionClaims {
  sessionId: string;
  userId: string;
}

/** Signs and verifies bearer tokens (JWT). `verify` answers undefined for any bad token. */
export interface SessionTokens {
  sign(claims: SessionClaims, expiresAt: Date): Promise<string>;
  verify(token: string): Promise<SessionClaims | undefined>;
}

export interface GoogleIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/** Verifies a Google ID token (signature, issuer, audience, expiry). */
export interface GoogleIdTokenVerifier {
  /** Undefined when Google sign-in is not configured. */
  readonly clientId: string | undefined;
  verify(credential: string): Promise<{ ok: true; identity: GoogleIdentity } | { ok: false; reason: string }>;
}

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  ip: string | null;
  createdAt: Date;
}

export interface DataDeletionRequest {
  id: string;
  email: string;
  /** Decided by an organisation's administrator (use-cases/privacy/deletion-requests.ts). */
  status: 'recebido' | 'aprovado' | 'recusado';
  ip: string | null;
  createdAt: Date;
  /** SHA-256 of the secret of the requester's status link (the secret itself is never stored). */
  tokenHash: string | null;
}

/** Messages and requests sent from the public site, stored server-side (product.md). */
export interface PublicRequestLog {
  saveContact(message: ContactMessage): Promise<void>;
  saveDataDeletionRequest(request: DataDeletionRequest): Promise<void>;
  countSince(kind: 'contact' | 'data-deletion', ip: string, since: Date): Promise<number>;
}

/**
 * A single-use password-reset link (issue 14). Only the SHA-256 of the secret in the link is stored,
 * so a database leak gives no working link.
 */
export interface PasswordResetToken {
  id: string;
  userId: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  ip: string | null;
}

/** Reset links and the log of reset requests (for the per-e-mail and per-IP limits). */
export interface PasswordResetTokenRepository {
  insert(token: PasswordResetToken): Promise<void>;
  findByHash(tokenHash: string): Promise<PasswordResetToken | undefined>;
  /** Marks the token used if it is still unused and unexpired at `now`; false when it was not (race-safe). */
  consume(id: string, now: Date): Promise<boolean>;
  /** Marks every unused token of the user as used (a reset makes the other links worthless). */
  invalidateAllForUser(userId: string, now: Date): Promise<void>;
  recordRequest(email: string, ip: string, at: Date): Promise<void>;
  /**
   * Records the request only if, with it, each check's e-mail or IP has at most `max` requests after `since`;
   * otherwise records nothing and names the first one over its limit. Atomic with the same call in any other
   * process on the database (ADR 0023).
   */
  recordRequestWithin(email: string, ip: string, at: Date, since: Date, checks: readonly { by: { email: string } | { ip: string }; max: number }[]): Promise<{ refused?: { email: string } | { ip: string } }>;
  /** Requests strictly after `since` for the e-mail (any IP) or for the IP (any e-mail). */
  countRequestsSince(by: { email: string } | { ip: string }, since: Date): Promise<number>;
  /** The oldest of those requests, to say when the limit lifts. */
  oldestRequestSince(by: { email: string } | { ip: string }, since: Date): Promise<Date | undefined>;
}
