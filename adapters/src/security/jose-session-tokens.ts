import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { SessionClaims, SessionTokens } from '../../../core/src';
import { readOrCreateSecretFile } from './secret-file';

const ISSUER = 'limiar';
const AUDIENCE = 'limiar-api';

/** Tokens whose signature and claims were checked, kept per process (ADR 0023 allows it: nothing another process needs). */
const VERIFIED_CAPACITY = 4096;

/**
 * HS256 JWTs carrying the session id; revocation lives in the session table, not here.
 *
 * A token's signature and claims never change, so a token verified once is remembered (a bounded map,
 * oldest dropped first) with its expiry, which is checked again on every use: WebCrypto's HMAC check (jose)
 * took ~8 % of the API's CPU under load (issue 22's load bench), and a client sends the same token with
 * every request. The session row is still read on every request (logout and revocation are immediate).
 */
export class JoseSessionTokens implements SessionTokens {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, { claims: SessionClaims; expiresAtMs: number }>();

  constructor(secret: string, private readonly now: () => number = Date.now) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: SessionClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  async verify(token: string): Promise<SessionClaims | undefined> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAtMs > this.now()) return known.claims;
      this.verified.delete(token);
      return undefined;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'], currentDate: new Date(this.now()) });
      if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return undefined;
      const claims = { sessionId: payload.sid, userId: payload.sub };
      if (this.verified.size >= VERIFIED_CAPACITY) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
      return claims;
    } catch {
      return undefined;
    }
  }
}

/** `LIMIAR_JWT_SECRET`, else a secret generated once into the data directory (0600). */
export function loadOrCreateSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  return readOrCreateSecretFile(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
}
