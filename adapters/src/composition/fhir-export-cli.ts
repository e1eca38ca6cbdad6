import { RequestContext } from '@mikro-orm/core';
import pino from 'pino';
import type { ExportPatientFhir } from '../../../core/src';
import { migrate, openDatabase } from '../persistence/database';
import type { AppConfig } from './config';
import { createContainer } from './container';
import { closeFileStorage } from './file-storage';
import { exportPatientFhir } from './fhir-services';

/**
 * The root of `limiar export fhir` (issue 21): the ORM and the container — the laudo PDFs are read
 * through the configured file storage (disk or S3) — with a silent logger; `run` executes in one persistence context.
 */
export async function openFhirExportServices(config: AppConfig, log: (m: string) => void): Promise<{
  exportFhir: ExportPatientFhir;
  run<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}> {
  const db = await openDatabase(config, log);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  const container = createContainer(config, db, pino({ level: 'silent' }));
  return { exportFhir: exportPatientFhir(container), run: (fn) => RequestContext.create(db.orm.em, fn), close: async () => {
    await closeFileStorage(container);
    await db.close();
  } };
}
