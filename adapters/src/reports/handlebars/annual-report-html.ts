import fs from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import {
  EXAM_RESULT_LABELS, EXAM_TYPE_LABELS, EXAM_TYPES, formatCnpj, formatDateBr, type AnnualReportData, type ExamResult, type PeriodFigures, type ReportWorkerRow,
} from '../../../../core/src';

/*
 * The NR-7 7.6.2 analytical report (audiometry part) as one self-contained A4 HTML page: inline CSS,
 * an inline SVG chart (no script), every `{{…}}` HTML-escaped. Numbers are pt-BR (decimal comma),
 * dates dd/mm/aaaa, and an unknown value prints "—", never "null".
 */

const hbs = Handlebars.create();
const template = hbs.compile(fs.readFileSync(path.join(import.meta.dirname, 'templates', 'relatorio-analitico.hbs'), 'utf8'), { strict: false });
const footer = hbs.compile(
  '<div style="width:100%;font-size:7pt;color:#555;padding:0 12mm;display:flex;justify-content:space-between;font-family:Helvetica,Arial,sans-serif">' +
    '<span>Relatório analítico — audiometria · {{company}} · {{period}}</span><span>Página <span class="pageNumber"></span> de <span class="totalPages"></span></span></div>',
);

const RESULT_KEYS: Array<ExamResult | 'sem_classificacao'> = ['dentro_limites', 'sugestivo', 'nao_sugestivo', 'sem_classificacao'];
const RESULT_LABELS: Record<ExamResult | 'sem_classificacao', string> = { ...EXAM_RESULT_LABELS, sem_classificacao: 'Sem classificação (sem limiares de via aérea)' };
const RESULT_ITEMS: Record<ExamResult | 'sem_classificacao', string> = { dentro_limites: 'item 5.1', sugestivo: 'item 5.2', nao_sugestivo: 'item 5.2.1', sem_classificacao: '' };

const int = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const one = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "1.234" */
export const formatCount = (n: number) => int.format(n);
/** "33,3%", "—" when there is nothing to divide by. */
export const formatPercent = (p: number | null) => (p === null ? '—' : `${one.format(p)}%`);
/** "+2", "−1", "0". */
export const formatCountDelta = (n: number) => (n > 0 ? `+${int.format(n)}` : n < 0 ? `−${int.format(-n)}` : '0');
/** "+1,5 p.p.", "—" when either share is unknown. */
export const formatPointsDelta = (now: number | null, before: number | null) => {
  if (now === null || before === null) return '—';
  const d = Math.round((now - before) * 10) / 10;
  return d > 0 ? `+${one.format(d)} p.p.` : d < 0 ? `−${one.format(-d)} p.p.` : '0,0 p.p.';
};

/** "01/01/2026 a 31/12/2026". */
export const periodText = (p: { from: string; to: string }) => `${formatDateBr(p.from)} a ${formatDateBr(p.to)}`;
/** "2026" for a calendar year, else the dates. */
export const periodLabel = (r: Pick<AnnualReportData, 'year' | 'period'>) => (r.year !== null ? String(r.year) : periodText(r.period));
export const previousLabel = (r: Pick<AnnualReportData, 'year' | 'previousPeriod'>) => (r.year !== null ? String(r.year - 1) : periodText(r.previousPeriod));

/** "25/11/2026 às 14:05" in Brazil's time. */
export function generatedAtText(isoDateTime: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false,
  }).formatToParts(new Date(isoDateTime)).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} às ${parts.hour}:${parts.minute}`;
}

const dash = (v: string | null | undefined) => (v && v.trim() ? v : '—');

function clinicOf(r: AnnualReportData) {
  const c = r.clinic;
  const contact = [c.phone, c.email].filter((v): v is string => !!v).join(' · ');
  return {
    name: c.name || 'Serviço de saúde ocupacional',
    cnpj: formatCnpj(c.cnpj),
    address: c.address ?? null,
    contact: contact || null,
    logo: c.logo ? `data:${c.logo.mimeType};base64,${Buffer.from(c.logo.bytes).toString('base64')}` : null,
  };
}

/** Bars of the share of each result, previous period beside the current one (inline SVG, no script). */
export function resultsChartSvg(r: AnnualReportData): string {
  const keys = RESULT_KEYS.filter((k) => k !== 'sem_classificacao' || r.current.byResult[k] + r.previous.byResult[k] > 0);
  const w = 520, h = 150, left = 34, bottom = 30, top = 10;
  const plotH = h - bottom - top;
  const groupW = (w - left - 10) / keys.length;
  const barW = Math.min(46, groupW / 3);
  const y = (p: number) => top + plotH - (p / 100) * plotH;
  const parts: string[] = [];
  for (const t of [0, 25, 50, 75, 100]) {
    parts.push(`<line x1="${left}" x2="${w - 6}" y1="${y(t)}" y2="${y(t)}" stroke="#dde3ea" stroke-width="0.6"/>`);
    parts.push(`<text x="${left - 4}" y="${y(t) + 3}" font-size="7" text-anchor="end" fill="#555">${t}%</text>`);
  }
  keys.forEach((k, i) => {
    const cx = left + groupW * i + groupW / 2;
    const bars: Array<[number | null, string, number]> = [[r.previous.percents.byResult[k], '#a9b8c8', cx - barW - 2], [r.current.percents.byResult[k], '#0d3b66', cx + 2]];
    for (const [p, colour, x] of bars) {
      const v = p ?? 0;
      parts.push(`<rect x="${x.toFixed(1)}" y="${y(v).toFixed(1)}" width="${barW.toFixed(1)}" height="${(y(0) - y(v)).toFixed(1)}" fill="${colour}"/>`);
      parts.push(`<text x="${(x + barW / 2).toFixed(1)}" y="${(y(v) - 2).toFixed(1)}" font-size="7" text-anchor="middle" fill="#222">${Handlebars.escapeExpression(formatPercent(p))}</text>`);
    }
    const label = k === 'sem_classificacao' ? 'Sem classificação' : EXAM_RESULT_LABELS[k].replace(' aceitáveis', '');
    parts.push(`<text x="${cx.toFixed(1)}" y="${h - bottom + 12}" font-size="7.5" text-anchor="middle" fill="#222">${Handlebars.escapeExpression(label)}</text>`);
  });
  parts.push(`<line x1="${left}" x2="${w - 6}" y1="${y(0)}" y2="${y(0)}" stroke="#333" stroke-width="0.8"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="100%" role="img" aria-label="Resultados das audiometrias, % por período">${parts.join('')}</svg>`;
}

const groupRow = (g: { name: string; sectorName?: string | null; figures: PeriodFigures }) => ({
  name: g.name,
  sectorName: dash(g.sectorName ?? null),
  audiometries: formatCount(g.figures.audiometries),
  workers: formatCount(g.figures.workersExamined),
  dentro: { n: formatCount(g.figures.byResult.dentro_limites), p: formatPercent(g.figures.percents.byResult.dentro_limites) },
  sugestivo: { n: formatCount(g.figures.byResult.sugestivo), p: formatPercent(g.figures.percents.byResult.sugestivo) },
  naoSugestivo: { n: formatCount(g.figures.byResult.nao_sugestivo), p: formatPercent(g.figures.percents.byResult.nao_sugestivo) },
  desencadeamento: formatCount(g.figures.desencadeamentoWorkers),
  agravamento: formatCount(g.figures.agravamentoWorkers),
  referred: formatCount(g.figures.referredWorkers),
});

const occurrence = (w: ReportWorkerRow) => [w.desencadeamento ? 'Desencadeamento (item 5.3)' : null, w.agravamento ? 'Agravamento (item 5.4)' : null].filter(Boolean).join(' e ');

const workerRow = (w: ReportWorkerRow) => ({
  name: w.name, registration: dash(w.registration), sector: dash(w.sectorName), ghe: dash(w.gheName), date: formatDateBr(w.examDate),
  examType: w.examType ? EXAM_TYPE_LABELS[w.examType] : 'Não informado', occurrence: occurrence(w),
  result: w.result ? EXAM_RESULT_LABELS[w.result] : 'Sem classificação',
});

/** Everything the template prints, already formatted. */
export function annualReportView(r: AnnualReportData) {
  const cur = r.current, prev = r.previous;
  const types = [...EXAM_TYPES, 'nao_informado' as const]
    .filter((t) => t !== 'nao_informado' || cur.byType[t] + prev.byType[t] > 0)
    .map((t) => ({
      label: t === 'nao_informado' ? 'Tipo não informado' : EXAM_TYPE_LABELS[t],
      current: formatCount(cur.byType[t]), previous: formatCount(prev.byType[t]), delta: formatCountDelta(cur.byType[t] - prev.byType[t]),
    }));
  const results = RESULT_KEYS.filter((k) => k !== 'sem_classificacao' || cur.byResult[k] + prev.byResult[k] > 0).map((k) => ({
    label: RESULT_LABELS[k], item: RESULT_ITEMS[k],
    current: formatCount(cur.byResult[k]), currentPercent: formatPercent(cur.percents.byResult[k]),
    previous: formatCount(prev.byResult[k]), previousPercent: formatPercent(prev.percents.byResult[k]),
    delta: formatPointsDelta(cur.percents.byResult[k], prev.percents.byResult[k]),
  }));
  const workerLine = (label: string, item: string, nowN: number, nowP: number | null, beforeN: number, beforeP: number | null, exams?: [number, number]) => ({
    label, item, current: formatCount(nowN), currentPercent: formatPercent(nowP), previous: formatCount(beforeN), previousPercent: formatPercent(beforeP),
    delta: formatPointsDelta(nowP, beforeP), exams: exams ? `${formatCount(exams[0])} / ${formatCount(exams[1])}` : null,
  });
  return {
    clinic: clinicOf(r),
    company: {
      name: r.company.name, tradeName: r.company.tradeName, cnpj: r.company.cnpjFormatted ?? 'não informado (cadastro incompleto)',
      address: r.company.address, cnae: r.company.cnae,
    },
    periodLabel: periodLabel(r), previousLabel: previousLabel(r),
    periodText: periodText(r.period), previousText: periodText(r.previousPeriod),
    isYear: r.year !== null,
    summary: {
      audiometries: formatCount(cur.audiometries), workers: formatCount(cur.workersExamined),
      previousAudiometries: formatCount(prev.audiometries), previousWorkers: formatCount(prev.workersExamined),
      audiometriesDelta: formatCountDelta(cur.audiometries - prev.audiometries), workersDelta: formatCountDelta(cur.workersExamined - prev.workersExamined),
    },
    types,
    results,
    flags: [
      workerLine('Desencadeamento de PAINPSE', 'item 5.3', cur.desencadeamentoWorkers, cur.percents.desencadeamentoWorkers, prev.desencadeamentoWorkers, prev.percents.desencadeamentoWorkers, [cur.desencadeamentoExams, prev.desencadeamentoExams]),
      workerLine('Agravamento de PAINPSE', 'item 5.4', cur.agravamentoWorkers, cur.percents.agravamentoWorkers, prev.agravamentoWorkers, prev.percents.agravamentoWorkers, [cur.agravamentoExams, prev.agravamentoExams]),
      workerLine('Encaminhados para avaliação especializada', 'item 10 b', cur.referredWorkers, cur.percents.referredWorkers, prev.referredWorkers, prev.percents.referredWorkers),
    ],
    chart: resultsChartSvg(r),
    hasData: cur.audiometries > 0,
    bySector: r.bySector.map(groupRow),
    byGhe: r.byGhe.map(groupRow),
    cases: r.cases.map(workerRow),
    referrals: r.referrals.map(workerRow),
    generatedAt: generatedAtText(r.generatedAt),
    generatedBy: r.generatedBy.registry ? `${r.generatedBy.name} (${r.generatedBy.registry})` : r.generatedBy.name,
    city: null as string | null,
  };
}

/** The report as one self-contained A4 HTML page. */
export function renderAnnualReportHtml(r: AnnualReportData): string {
  return template(annualReportView(r));
}

/** Puppeteer footerTemplate: company, period and "Página X de Y" (escaped). */
export function annualReportFooterHtml(r: AnnualReportData): string {
  return footer({ company: r.company.name, period: periodLabel(r) });
}
