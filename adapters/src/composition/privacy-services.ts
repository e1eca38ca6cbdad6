import type { Container } from 'inversify';
import type { Logger } from 'pino';
import {
  DecideDeletionRequests, ExportWorkerData, TrackDeletionRequest, type Clock, type FileStorage, type ProfessionalRepository, type UnitOfWork,
} from '../../../core/src';
import type { PrivacyDeps } from '../http/koa/routes/privacy.routes';
import type { Database } from '../persistence/database';
import { sha256SecretHasher } from '../persistence/mikro-orm/repositories/mikro-orm-embed-repositories';
import { SqlDeletionRequestStore, SqlWorkerAnonymizer, SqlWorkerRecordsSource } from '../persistence/mikro-orm/repositories/mikro-orm-privacy-repositories';
import { TOKENS } from './tokens';

/** The LGPD use cases (issue 20) over the container's database, file storage and clock. */
export function privacyDeps(container: Container): Omit<PrivacyDeps, 'authenticate'> {
  const get = <T>(token: symbol) => container.get<T>(token);
  const db = get<Database>(TOKENS.Database);
  const logger = get<Logger>(TOKENS.Logger);
  const em = () => db.orm.em;
  const storage = get<FileStorage>(TOKENS.FileStorage);
  const requests = new SqlDeletionRequestStore(em);
  return {
    exportWorker: new ExportWorkerData(new SqlWorkerRecordsSource(em), storage, get<Clock>(TOKENS.Clock)),
    requests: new DecideDeletionRequests(
      { requests, anonymizer: new SqlWorkerAnonymizer(em), storage, professionals: get<ProfessionalRepository>(TOKENS.ProfessionalRepository) },
      get<UnitOfWork>(TOKENS.UnitOfWork), get<Clock>(TOKENS.Clock),
      (key, error) => logger.warn({ err: error, key }, 'LGPD: arquivo do titular anonimizado não pôde ser apagado do armazenamento'),
    ),
    track: new TrackDeletionRequest(requests, sha256SecretHasher),
  };
}
