/** Inversify identifiers; only adapters/src/composition knows the container. */
export const TOKENS = {
  Config: Symbol.for('Config'),
  Logger: Symbol.for('Logger'),
  Database: Symbol.for('Database'),
  Clock: Symbol.for('Clock'),
  HealthProbes: Symbol.for('HealthProbes'),
  CheckHealth: Symbol.for('CheckHealth'),
} as const;
