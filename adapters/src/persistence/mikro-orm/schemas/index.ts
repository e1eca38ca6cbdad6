import type { EntitySchema } from '@mikro-orm/core';
import {
  ContactMessageSchema, DataDeletionRequestSchema, LoginAttemptSchema, OrganizationSchema, ProfessionalSchema, SessionSchema,
} from './account-schemas';
import { ExamReadingSchema } from './exam-reading-schemas';
import { PasswordResetRequestSchema, PasswordResetTokenSchema } from './password-reset-schemas';
import { CompanySchema, ExamFileSchema, ExamSchema, OrganizationCounterSchema, PatientSchema } from './patient-exam-schemas';

/**
 * Every persisted row type (`defineEntity` schemas, mapped to domain objects by mappers).
 * Features register theirs here.
 */
export const entities: EntitySchema[] = [
  OrganizationSchema, ProfessionalSchema, SessionSchema, LoginAttemptSchema, ContactMessageSchema, DataDeletionRequestSchema,
  CompanySchema, PatientSchema, ExamSchema, ExamFileSchema, OrganizationCounterSchema,
  PasswordResetTokenSchema, PasswordResetRequestSchema,
  ExamReadingSchema,
] as unknown as EntitySchema[];
