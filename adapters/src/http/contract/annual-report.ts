import { z } from 'zod';
import { safeText } from './text';

/**
 * `GET /api/programme/annual-report?companyId&year` (and `.pdf`, `.csv`): the NR-7 item 7.6.2 analytical
 * report, audiometry part, of one company — for a calendar year, or `from`/`to` within one year instead.
 */
export const annualReportQuery = z.object({
  companyId: safeText().uuid('empresa inválida'),
  year: z.coerce.number({ message: 'ano inválido' }).int('ano inválido').min(1900, 'ano entre 1900 e 2999').max(2999, 'ano entre 1900 e 2999').optional(),
  from: safeText().regex(/^\d{4}-\d{2}-\d{2}$/, 'data no formato AAAA-MM-DD').optional(),
  to: safeText().regex(/^\d{4}-\d{2}-\d{2}$/, 'data no formato AAAA-MM-DD').optional(),
});
export type AnnualReportQueryWire = z.infer<typeof annualReportQuery>;

const count = z.number().int();
const share = z.number().nullable();
const results = <T extends z.ZodType>(v: T) => z.object({ dentro_limites: v, sugestivo: v, nao_sugestivo: v, sem_classificacao: v });

export const periodFigures = z.object({
  audiometries: count,
  workersExamined: count,
  byType: z.object({
    admissional: count, periodico: count, retorno_trabalho: count, mudanca_riscos: count, demissional: count, monitoracao_pontual: count, nao_informado: count,
  }),
  byResult: results(count),
  desencadeamentoExams: count,
  agravamentoExams: count,
  desencadeamentoWorkers: count,
  agravamentoWorkers: count,
  referredWorkers: count,
  percents: z.object({ byResult: results(share), desencadeamentoWorkers: share, agravamentoWorkers: share, referredWorkers: share }),
});

const groupRow = z.object({ id: z.string().nullable(), name: z.string(), sectorName: z.string().nullable(), figures: periodFigures });
const workerRow = z.object({
  patientId: z.string(), name: z.string(), registration: z.string().nullable(), sectorName: z.string().nullable(), gheName: z.string().nullable(),
  examDate: z.string(), examType: z.string().nullable(), result: z.enum(['dentro_limites', 'sugestivo', 'nao_sugestivo']).nullable(),
  desencadeamento: z.boolean(), agravamento: z.boolean(),
});

export const annualReportResponse = z.object({
  clinic: z.object({ name: z.string(), cnpj: z.string().nullable(), address: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() }),
  company: z.object({
    id: z.string(), name: z.string(), tradeName: z.string().nullable(), cnpj: z.string().nullable(), cnpjFormatted: z.string().nullable(),
    address: z.string().nullable(), cnae: z.string().nullable(),
  }),
  year: z.number().int().nullable(),
  period: z.object({ from: z.string(), to: z.string() }),
  previousPeriod: z.object({ from: z.string(), to: z.string() }),
  current: periodFigures,
  previous: periodFigures,
  bySector: z.array(groupRow),
  byGhe: z.array(groupRow),
  cases: z.array(workerRow),
  referrals: z.array(workerRow),
  generatedAt: z.string(),
  generatedBy: z.object({ name: z.string(), registry: z.string().nullable() }),
});
export type AnnualReportResponse = z.infer<typeof annualReportResponse>;
