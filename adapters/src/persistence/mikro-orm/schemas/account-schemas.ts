import { defineEntity } from '@mikro-orm/core';
import type { NotificationPreferences } from '../../../../../core/src';

// Row types only (no relations, no unit of work): repositories use em.insert / nativeUpdate / find
// and map rows to domain objects. The tables are created by migrations; tests check they agree.
const p = defineEntity.properties;

export const OrganizationSchema = defineEntity({
  name: 'Organization',
  tableName: 'organization',
  properties: {
    id: p.uuid().primary(),
    name: p.text(),
    createdAt: p.datetime().columnType('timestamptz'),
    // laudo header (issue 14, Migration20261124100000OrganizationHeader)
    cnpj: p.text().nullable(),
    address: p.text().nullable(),
    phone: p.text().nullable(),
    email: p.text().nullable(),
    logoStorageKey: p.text().nullable(),
    logoMimeType: p.text().nullable(),
    logoSha256: p.text().nullable(),
  },
});

export const ProfessionalSchema = defineEntity({
  name: 'Professional',
  tableName: 'professional',
  properties: {
    id: p.uuid().primary(),
    organizationId: p.uuid(),
    name: p.text(),
    email: p.text(),
    passwordHash: p.text().nullable(),
    googleSubject: p.text().nullable(),
    professionalType: p.text().nullable(),
    crm: p.text().nullable(),
    crmState: p.text().nullable(),
    crfa: p.text().nullable(),
    crfaRegion: p.text().nullable(),
    crea: p.text().nullable(),
    creaState: p.text().nullable(),
    specialization: p.text().nullable(),
    phoneNumber: p.text().nullable(),
    notificationPreferences: p.json<NotificationPreferences>(),
    createdAt: p.datetime().columnType('timestamptz'),
    updatedAt: p.datetime().columnType('timestamptz'),
  },
});

export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'session',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    organizationId: p.uuid(),
    createdAt: p.datetime().columnType('timestamptz'),
    expiresAt: p.datetime().columnType('timestamptz'),
    revokedAt: p.datetime().columnType('timestamptz').nullable(),
    userAgent: p.text().nullable(),
    ip: p.text().nullable(),
  },
});

export const LoginAttemptSchema = defineEntity({
  name: 'LoginAttempt',
  tableName: 'login_attempt',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    /** login | register | change-password | contact | data-deletion (issue 15). */
    kind: p.text(),
    email: p.text(),
    ip: p.text(),
    attemptedAt: p.datetime().columnType('timestamptz'),
  },
});

export const ContactMessageSchema = defineEntity({
  name: 'ContactMessage',
  tableName: 'contact_message',
  properties: {
    id: p.uuid().primary(),
    name: p.text(),
    email: p.text(),
    subject: p.text(),
    message: p.text(),
    ip: p.text().nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
  },
});

export const DataDeletionRequestSchema = defineEntity({
  name: 'DataDeletionRequest',
  tableName: 'data_deletion_request',
  properties: {
    id: p.uuid().primary(),
    email: p.text(),
    status: p.text(),
    ip: p.text().nullable(),
    createdAt: p.datetime().columnType('timestamptz'),
    tokenHash: p.text().nullable(),
  },
});
