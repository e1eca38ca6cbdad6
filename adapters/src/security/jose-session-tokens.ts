import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { SessionClaims, SessionTokens } from '../../../core/src';
import { readOrCreateSecretFile } from './secret-file';

const ISSUER = 'limiar';
const AUDIENCE = 'limiar-api';

/** HS256 JWTs carrying the session id; revocation lives in the session table, not here. */
export class JoseSessionTokens implements SessionTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
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
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
      if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return undefined;
      return { sessionId: payload.sid, userId: payload.sub };
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
