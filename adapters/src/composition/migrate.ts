import { migrate, openDatabase } from '../persistence/database';
import type { AppConfig } from './config';

/** `limiar migrate`: applies the pending migrations; returns the names applied now (only the ORM is loaded). */
export async function migrateDatabase(config: AppConfig, log: (m: string) => void): Promise<string[]> {
  const db = await openDatabase(config, log);
  try {
    return await migrate(db);
  } finally {
    await db.close();
  }
}
