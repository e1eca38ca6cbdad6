import {
  EXAM_RESULT_LABELS, EXAM_TYPE_LABELS, EXAM_TYPES, formatDateBr, type AnnualReportData, type ExamResult, type PeriodFigures, type ReportWorkerRow,
} from '../../../../core/src';
import { periodLabel, previousLabel } from '../handlebars/annual-report-html';
import { excelText } from '../../persistence/bulk/csv-cells';

/*
 * The analytical report as a CSV Excel pt-BR opens as is (UTF-8 BOM, `;`, decimal comma, dd/mm/aaaa):
 * one tidy table — one figure per row, the same figures as the PDF — so a pivot table can be made of it.
 * Columns: empresa;cnpj;periodo;secao;grupo;indicador;n;percentual;trabalhador;matricula;data_exame.
 */

export const ANNUAL_REPORT_CSV_HEADER = ['empresa', 'cnpj', 'periodo', 'secao', 'grupo', 'indicador', 'n', 'percentual', 'trabalhador', 'matricula', 'data_exame'] as const;

/** A cell: numbers with a decimal comma; texts as `excelText` (quoted when needed, formula guard). */
const cell = (v: string | number | null): string => (typeof v === 'number' ? String(v).replace('.', ',') : excelText(v));

const RESULT_KEYS: Array<ExamResult | 'sem_classificacao'> = ['dentro_limites', 'sugestivo', 'nao_sugestivo', 'sem_classificacao'];
const resultLabel = (k: ExamResult | 'sem_classificacao') => (k === 'sem_classificacao' ? 'Sem classificação' : EXAM_RESULT_LABELS[k]);

type Row = { periodo: string; secao: string; grupo?: string | null; indicador: string; n?: number | null; percentual?: number | null; worker?: ReportWorkerRow };

function figureRows(f: PeriodFigures, periodo: string, secao: string, grupo: string | null): Row[] {
  const rows: Row[] = [
    { periodo, secao, grupo, indicador: 'Audiometrias', n: f.audiometries },
    { periodo, secao, grupo, indicador: 'Trabalhadores examinados', n: f.workersExamined },
  ];
  for (const k of RESULT_KEYS) rows.push({ periodo, secao, grupo, indicador: resultLabel(k), n: f.byResult[k], percentual: f.percents.byResult[k] });
  rows.push(
    { periodo, secao, grupo, indicador: 'Trabalhadores com desencadeamento', n: f.desencadeamentoWorkers, percentual: f.percents.desencadeamentoWorkers },
    { periodo, secao, grupo, indicador: 'Trabalhadores com agravamento', n: f.agravamentoWorkers, percentual: f.percents.agravamentoWorkers },
    { periodo, secao, grupo, indicador: 'Trabalhadores encaminhados', n: f.referredWorkers, percentual: f.percents.referredWorkers },
    { periodo, secao, grupo, indicador: 'Audiometrias com desencadeamento', n: f.desencadeamentoExams },
    { periodo, secao, grupo, indicador: 'Audiometrias com agravamento', n: f.agravamentoExams },
  );
  return rows;
}

/** The rows of the CSV, in the PDF's order. */
export function annualReportCsvRows(r: AnnualReportData): string[][] {
  const now = periodLabel(r), before = previousLabel(r);
  const rows: Row[] = [];
  for (const [label, f] of [[now, r.current], [before, r.previous]] as const) {
    rows.push(...figureRows(f, label, 'resultados', null));
    for (const t of EXAM_TYPES) rows.push({ periodo: label, secao: 'tipo_exame', indicador: EXAM_TYPE_LABELS[t], n: f.byType[t] });
    rows.push({ periodo: label, secao: 'tipo_exame', indicador: 'Tipo não informado', n: f.byType.nao_informado });
  }
  for (const g of r.bySector) rows.push(...figureRows(g.figures, now, 'setor', g.name));
  for (const g of r.byGhe) rows.push(...figureRows(g.figures, now, 'ghe', g.sectorName ? `${g.name} (${g.sectorName})` : g.name));
  for (const w of r.cases) {
    const what = [w.desencadeamento ? 'Desencadeamento' : null, w.agravamento ? 'Agravamento' : null].filter(Boolean).join(' e ');
    rows.push({ periodo: now, secao: 'caso_item_9b', grupo: w.gheName ?? w.sectorName, indicador: what, worker: w });
  }
  for (const w of r.referrals) rows.push({ periodo: now, secao: 'encaminhamento_item_10b', grupo: w.gheName ?? w.sectorName, indicador: EXAM_RESULT_LABELS.nao_sugestivo, worker: w });
  const company = r.company.name, cnpj = r.company.cnpjFormatted ?? '';
  return rows.map((x) => [
    cell(company), cell(cnpj), cell(x.periodo), cell(x.secao), cell(x.grupo ?? null), cell(x.indicador),
    cell(x.n ?? null), cell(x.percentual ?? null), cell(x.worker?.name ?? null), cell(x.worker?.registration ?? null), cell(x.worker ? formatDateBr(x.worker.examDate) : null),
  ]);
}

/** The whole CSV (BOM, header, one line per row; LF like the other exports). */
export function annualReportCsv(r: AnnualReportData): string {
  return `\uFEFF${[ANNUAL_REPORT_CSV_HEADER.join(';'), ...annualReportCsvRows(r).map((c) => c.join(';'))].join('\n')}\n`;
}
