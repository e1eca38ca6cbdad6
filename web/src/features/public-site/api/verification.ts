import type { VerificationResponse } from '../../../../../adapters/src/http/contract/reports';
import { api } from '../../../lib/api-client';

/** What the public verification answers about one issued laudo version (issue 20): of the worker, initials only. */
export type LaudoVerification = VerificationResponse;

export const verificationKeys = { code: (code: string) => ['verify', code] as const };

/** `GET /api/verify/{code}` (no login) → the version the code names; 404 when no laudo has that code. */
export const verifyLaudo = (code: string, signal?: AbortSignal) => api.get<LaudoVerification>(`/verify/${encodeURIComponent(code)}`, { signal });

/** SHA-256 (lowercase hex) of a file's bytes, computed in the browser (Web Crypto); null where the page is not a secure context. */
export async function sha256Hex(data: ArrayBuffer): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = new Uint8Array(await subtle.digest('SHA-256', data));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
