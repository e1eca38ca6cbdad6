import type { EntitySchema } from '@mikro-orm/core';
import {
  ContactMessageSchema, DataDeletionRequestSchema, LoginAttemptSchema, OrganizationSchema, ProfessionalSchema, SessionSchema,
} from './account-schemas';

/**
 * Every persisted row type (`defineEntity` schemas, mapped to domain objects by mappers).
 * Features register theirs here.
 */
export const entities: EntitySchema[] = [
  OrganizationSchema, ProfessionalSchema, SessionSchema, LoginAttemptSchema, ContactMessageSchema, DataDeletionRequestSchema,
] as unknown as EntitySchema[];
