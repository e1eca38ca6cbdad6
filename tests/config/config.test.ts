import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../adapters/src/composition/config';
import { statusForCode } from '../../adapters/src/http/koa/error-status';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({}, '/srv/limiar');
    expect(c).toMatchObject({ port: 3000, databaseUrl: undefined, dataDir: '/srv/limiar/.data', embeddedPgPort: 54329, webDist: path.resolve('/srv/limiar/web/dist') });
  });

  it('uses DATABASE_URL when given, and treats an empty one as absent', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/limiar' }).databaseUrl).toBe('postgres://u:p@db:5432/limiar');
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('reads chart pictures unless LIMIAR_CHART_READER=off (ADR 0016: on since the bench met its targets), and refuses other values', () => {
    expect(loadConfig({}).chartReader).toBe(true);
    expect(loadConfig({ LIMIAR_CHART_READER: 'off' }).chartReader).toBe(false);
    expect(loadConfig({ LIMIAR_CHART_READER: 'on' }).chartReader).toBe(true);
    expect(() => loadConfig({ LIMIAR_CHART_READER: 'sim' })).toThrow(/LIMIAR_CHART_READER/);
  });

  it('runs one API process unless LIMIAR_WORKERS asks for more (1–64; serve --workers, ADR 0023)', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ LIMIAR_WORKERS: '4' }).workers).toBe(4);
    expect(() => loadConfig({ LIMIAR_WORKERS: '0' })).toThrow(/LIMIAR_WORKERS/);
    expect(() => loadConfig({ LIMIAR_WORKERS: 'dois' })).toThrow(/LIMIAR_WORKERS/);
  });

  it('refuses bad values with one pt-BR line per variable', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toMatch(/^Configuração inválida:/);
      expect((error as ConfigError).problems).toHaveLength(2);
      expect((error as ConfigError).message).toContain('DATABASE_URL deve começar com postgres://');
    }
  });
});

describe('statusForCode', () => {
  it.each([
    ['REQUEST.INVALID', 400],
    ['REQUEST.MALFORMED_JSON', 400],
    ['PATIENT.NOT_FOUND', 404],
    ['PATIENT.CPF_ALREADY_REGISTERED', 409],
    ['REPORT.IMMUTABLE', 409],
    ['PATIENT.INVALID_CPF', 400],
    ['AUTH.UNAUTHENTICATED', 401],
    ['AUTH.INVALID_CREDENTIALS', 401],
    ['AUTH.GOOGLE_NOT_FOUND', 404],
    ['AUTH.RATE_LIMITED', 429],
    ['SOMETHING.UNEXPECTED', 500],
  ])('%s → %i', (code, status) => expect(statusForCode(code)).toBe(status));
});
