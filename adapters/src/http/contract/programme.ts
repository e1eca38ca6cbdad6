import { z } from 'zod';
import { EXPOSURE_STATUSES, PROGRAMME_WORKER_STATES, SCHEDULE_STATES } from '../../../../core/src';
import { safeText } from './text';

/**
 * The programme dashboard (issue 19): `GET /api/programme/overview`, `/prevalence`, `/workers` and
 * `/workers.csv`. Filters are ids of the caller's organisation; another organisation's ids match nothing.
 */
const id = (what: string) => safeText().uuid(`${what} inválido`).optional();
export const programmeFilterQuery = z.object({ companyId: id('empresa'), sectorId: id('setor'), gheId: id('GHE') });

const isoDate = safeText().regex(/^\d{4}-\d{2}-\d{2}$/, 'data no formato AAAA-MM-DD');
export const prevalenceQuery = programmeFilterQuery.extend({ from: isoDate.optional(), to: isoDate.optional() });

export const programmeWorkerState = z.enum(PROGRAMME_WORKER_STATES, { message: `situação: ${PROGRAMME_WORKER_STATES.join(', ')}` });
export const programmeWorkersQuery = programmeFilterQuery.extend({
  state: programmeWorkerState.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export const programmeWorkersCsvQuery = programmeFilterQuery.extend({ state: programmeWorkerState.optional() });

const count = z.number().int();
export const programmeFigures = z.object({
  exposedWorkers: count, dueIn30: count, dueIn60: count, dueIn90: count, overdue: count, withoutReference: count,
  /** % 0..100, one decimal: (exposed − overdue − withoutReference) / exposed; null with no exposed worker. */
  coverage: z.number().nullable(),
});
export const programmeOverviewResponse = z.object({
  today: z.string(),
  totals: programmeFigures,
  companies: z.array(programmeFigures.extend({ companyId: z.string(), name: z.string(), cnpj: z.string().nullable(), needsCompletion: z.boolean() })),
  ghes: z.array(programmeFigures.extend({
    gheId: z.string(), companyId: z.string(), companyName: z.string(), sectorId: z.string().nullable(), sectorName: z.string().nullable(), name: z.string(),
    exposureStatus: z.enum(EXPOSURE_STATUSES),
  })),
});

const prevalenceFigures = z.object({
  workersExamined: count, sugestivo: count, desencadeamento: count, agravamento: count,
  sugestivoPercent: z.number().nullable(), desencadeamentoPercent: z.number().nullable(), agravamentoPercent: z.number().nullable(),
});
export const programmePrevalenceResponse = z.object({
  window: z.object({ from: z.string(), to: z.string() }),
  current: prevalenceFigures,
  byYear: z.array(prevalenceFigures.extend({ year: count })),
});

export const programmeWorkerItem = z.object({
  patientId: z.string(), name: z.string(), cpf: z.string().nullable(), companyId: z.string(), companyName: z.string(), sectorName: z.string().nullable(),
  gheId: z.string().nullable(), gheName: z.string().nullable(), registration: z.string().nullable(), lastExamDate: z.string().nullable(), dueDate: z.string().nullable(),
  reason: z.enum(['admissao', 'mudanca_riscos', 'periodico', 'demissao']).nullable(), reasonLabel: z.string().nullable(), state: z.enum(SCHEDULE_STATES), stateLabel: z.string(),
});
export const programmeWorkersResponse = z.object({ total: count, items: z.array(programmeWorkerItem) });
export type ProgrammeWorkersResponse = z.infer<typeof programmeWorkersResponse>;
