import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { GoogleIdTokenVerifier, GoogleIdentity } from '../../../core/src';

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/**
 * Verifies Google ID tokens against Google's JWKS (signature RS256, issuer, audience = our client
 * id, expiry). The JWKS URL is configurable so tests can serve their own keys.
 */
export class JoseGoogleIdTokenVerifier implements GoogleIdTokenVerifier {
  private readonly jwks: JWTVerifyGetKey | undefined;

  constructor(readonly clientId: string | undefined, jwksUrl: string, private readonly issuers: string[] = GOOGLE_ISSUERS) {
    this.jwks = clientId ? createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5_000 }) : undefined;
  }

  async verify(credential: string): Promise<{ ok: true; identity: GoogleIdentity } | { ok: false; reason: string }> {
    if (!this.clientId || !this.jwks) return { ok: false, reason: 'not configured' };
    try {
      const { payload } = await jwtVerify(credential, this.jwks, { issuer: this.issuers, audience: this.clientId, algorithms: ['RS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return { ok: false, reason: 'missing sub or email' };
      return {
        ok: true,
        identity: {
          subject: payload.sub,
          email: payload.email,
          emailVerified: payload.email_verified === true || payload.email_verified === 'true',
          name: typeof payload.name === 'string' ? payload.name : payload.email,
        },
      };
    } catch (error) {
      return { ok: false, reason: (error as Error).message };
    }
  }
}
