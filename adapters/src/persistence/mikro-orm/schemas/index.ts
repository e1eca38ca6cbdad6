import type { EntitySchema } from '@mikro-orm/core';

/**
 * Every persisted row type (`defineEntity` schemas, mapped to domain objects by mappers).
 * Features register theirs here.
 */
export const entities: EntitySchema[] = [];
