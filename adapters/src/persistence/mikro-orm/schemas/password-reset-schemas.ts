import { defineEntity } from '@mikro-orm/core';

// Password recovery rows (issue 14, Migration20261124130000PasswordReset).
const p = defineEntity.properties;

export const PasswordResetTokenSchema = defineEntity({
  name: 'PasswordResetToken',
  tableName: 'password_reset_token',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    tokenHash: p.text(),
    createdAt: p.datetime().columnType('timestamptz'),
    expiresAt: p.datetime().columnType('timestamptz'),
    usedAt: p.datetime().columnType('timestamptz').nullable(),
    ip: p.text().nullable(),
  },
});

export const PasswordResetRequestSchema = defineEntity({
  name: 'PasswordResetRequest',
  tableName: 'password_reset_request',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    email: p.text(),
    ip: p.text(),
    requestedAt: p.datetime().columnType('timestamptz'),
  },
});
