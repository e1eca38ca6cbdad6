import type { EmbedToken } from '../../../core/src';
import { nextId, T0 } from './ids';

/** A live token of the widget for one worker, allowed from one portal origin. */
export function anEmbedToken(organizationId: string, scope: EmbedToken['scope'], createdBy: string, over: Partial<EmbedToken> = {}): EmbedToken {
  return {
    id: nextId(), organizationId, name: 'Portal RH', scope, allowedOrigins: ['https://rh.example.com', 'http://localhost:5173'], expiresAt: null, revokedAt: null,
    initialsOnly: false, secretHash: 'ab'.repeat(32), createdBy, createdAt: T0, ...over,
  };
}
