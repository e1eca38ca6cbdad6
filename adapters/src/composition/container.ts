import 'reflect-metadata';
import { Container } from 'inversify';
import type { Logger } from 'pino';
import { CheckHealth, systemClock, type Clock, type HealthProbe } from '../../../core/src';
import type { Database } from '../persistence/database';
import { DatabaseHealthProbe } from '../persistence/mikro-orm/database-health-probe';
import type { AppConfig } from './config';
import { TOKENS } from './tokens';

/**
 * The one composition root, used by the HTTP server, the CLI and the tests. The core has no
 * decorators, so everything is bound with factories.
 */
export function createContainer(config: AppConfig, db: Database, logger: Logger): Container {
  const c = new Container();
  const startedAt = new Date();
  c.bind<AppConfig>(TOKENS.Config).toConstantValue(config);
  c.bind<Logger>(TOKENS.Logger).toConstantValue(logger);
  c.bind<Database>(TOKENS.Database).toConstantValue(db);
  c.bind<Clock>(TOKENS.Clock).toConstantValue(systemClock);
  c.bind<HealthProbe[]>(TOKENS.HealthProbes).toConstantValue([new DatabaseHealthProbe(db.orm)]);
  c.bind<CheckHealth>(TOKENS.CheckHealth)
    .toDynamicValue(() => new CheckHealth(c.get<HealthProbe[]>(TOKENS.HealthProbes), c.get<Clock>(TOKENS.Clock), startedAt))
    .inSingletonScope();
  return c;
}
