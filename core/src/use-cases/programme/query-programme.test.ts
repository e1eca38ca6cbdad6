import { describe, expect, it } from 'vitest';
import type { Role } from '../../accounts/permissions';
import type { ProgrammeProjection, ProgrammeQueries } from '../../ports/programme-read-ports';
import { prevalenceWindow, QueryProgramme } from './query-programme';

const auth = (roles: Role[]) => ({ userId: 'u-1', organizationId: 'org-1', sessionId: 's', memberId: 'm', roles });
const zero = { exposedWorkers: 0, dueIn30: 0, dueIn60: 0, dueIn90: 0, overdue: 0, withoutReference: 0 };
const none = { workersExamined: 0, sugestivo: 0, desencadeamento: 0, agravamento: 0 };

/** Records what the use case asks: the refresh first, then the query, each with the Brazilian date. */
function recording() {
  const calls: unknown[][] = [];
  const projection: ProgrammeProjection = { refresh: async (...args) => (calls.push(['refresh', ...args]), { refreshed: 0 }), organizationsToRefresh: async () => [] };
  const queries: ProgrammeQueries = {
    overview: async (...args) => (calls.push(['overview', ...args]), {
      totals: { ...zero, exposedWorkers: 8, overdue: 1, withoutReference: 2 },
      companies: [{ companyId: 'c', name: 'C', cnpj: null, ...zero }],
      ghes: [],
    }),
    workers: async (...args) => (calls.push(['workers', ...args]), {
      total: 1,
      items: [{ patientId: 'p', name: 'P', cpf: null, companyId: 'c', companyName: 'C', sectorId: null, sectorName: null, gheId: 'g', gheName: 'G', registration: null,
        lastExamDate: null, dueDate: '2025-01-01', reason: 'admissao', state: 'sem_referencia' }],
    }),
    prevalence: async (...args) => (calls.push(['prevalence', ...args]), { current: { workersExamined: 3, sugestivo: 1, desencadeamento: 0, agravamento: 2 }, byYear: [{ year: 2025, ...none }] }),
  };
  return { calls, projection, queries };
}

// 02:00 UTC on 1 January is still 31 December in São Paulo
const clock = { now: () => new Date('2026-01-01T02:00:00Z') };

describe('QueryProgramme', () => {
  it('refreshes the read model for Brazil\'s today, then answers with the coverage and labels', async () => {
    const r = recording();
    const programme = new QueryProgramme(r.queries, r.projection, clock);
    const overview = await programme.overview(auth(['medico']), { companyId: 'c' });
    expect(overview).toEqual({ ok: true, value: {
      today: '2025-12-31',
      totals: { ...zero, exposedWorkers: 8, overdue: 1, withoutReference: 2, coverage: 62.5 },
      companies: [{ companyId: 'c', name: 'C', cnpj: null, ...zero, coverage: null, needsCompletion: true }],
      ghes: [],
    } });
    const workers = await programme.workers(auth(['fonoaudiologo']), { state: 'sem_referencia' }, { limit: 10_000_000, offset: -4 });
    expect(workers.ok && workers.value.items[0]).toMatchObject({ reasonLabel: 'Admissional', stateLabel: 'Sem exame de referência' });
    expect(r.calls).toEqual([
      ['refresh', 'org-1', '2025-12-31'], ['overview', 'org-1', { companyId: 'c' }, '2025-12-31'],
      ['refresh', 'org-1', '2025-12-31'], ['workers', 'org-1', { state: 'sem_referencia' }, '2025-12-31', { limit: 200_000, offset: 0 }],
    ]);
  });

  it('asks the prevalence of the last 12 months and of the last 5 calendar years, with percentages', async () => {
    const r = recording();
    const result = await new QueryProgramme(r.queries, r.projection, clock).prevalence(auth(['seguranca']), { gheId: 'g' });
    expect(r.calls.at(-1)).toEqual(['prevalence', 'org-1', { companyId: undefined, sectorId: undefined, gheId: 'g' }, '2025-12-31', { from: '2025-01-01', to: '2025-12-31' }, { fromYear: 2021, toYear: 2025 }]);
    expect(result.ok && result.value.current).toEqual({ workersExamined: 3, sugestivo: 1, desencadeamento: 0, agravamento: 2, sugestivoPercent: 33.3, desencadeamentoPercent: 0, agravamentoPercent: 66.7 });
    expect(result.ok && result.value.byYear).toEqual([{ year: 2025, ...none, sugestivoPercent: null, desencadeamentoPercent: null, agravamentoPercent: null }]);
  });

  it('is a company dashboard: the técnico is refused before anything is read', async () => {
    const r = recording();
    const programme = new QueryProgramme(r.queries, r.projection, clock);
    for (const result of [await programme.overview(auth(['tecnico']), {}), await programme.workers(auth(['tecnico']), {}), await programme.prevalence(auth(['tecnico']), {})]) {
      expect(result.ok || result.error.code).toBe('AUTH.FORBIDDEN');
    }
    expect(r.calls).toEqual([]);
  });
});

describe('prevalenceWindow', () => {
  it.each([
    ['2026-06-15', undefined, undefined, { from: '2025-06-16', to: '2026-06-15' }],
    ['2028-02-29', undefined, undefined, { from: '2027-03-01', to: '2028-02-29' }],
    ['2026-06-15', '2020-01-01', undefined, { from: '2020-01-01', to: '2026-06-15' }],
    ['2026-06-15', undefined, '2025-03-31', { from: '2024-04-01', to: '2025-03-31' }],
  ])('today %s, from %s, to %s → %j', (today, from, to, expected) => expect(prevalenceWindow(today, from, to)).toEqual({ ok: true, value: expected }));

  it.each([
    ['2026-02-30', undefined, 'from', 'Data inicial inválida: use AAAA-MM-DD'],
    [undefined, '2026-13-01', 'to', 'Data final inválida: use AAAA-MM-DD'],
    ['2026-02-01', '2026-01-31', 'from', 'A data inicial é posterior à data final'],
    ['2010-01-01', '2026-01-31', 'from', 'O período pode ter no máximo 10 anos'],
  ])('from %s to %s is refused on %s', (from, to, path, message) => {
    const result = prevalenceWindow('2026-06-15', from, to);
    expect(result.ok ? null : { code: result.error.code, issues: result.error.issues }).toEqual({ code: 'PROGRAMME.INVALID_FILTER', issues: [{ path, message }] });
  });
});
