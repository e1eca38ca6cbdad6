/** The only import path other packages use for the core. */
export * from './shared/result';
export * from './shared/domain-error';
export * from './ports/clock';
export * from './ports/health-probe';
export * from './use-cases/system/check-health';
