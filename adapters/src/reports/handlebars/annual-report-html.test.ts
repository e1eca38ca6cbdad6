import { describe, expect, it } from 'vitest';
import { annualReportFigures, type AnnualReportData, type ProgrammeOutcome } from '../../../../core/src';
import { annualReportCsv } from '../csv/annual-report-csv';
import { formatCountDelta, formatPercent, formatPointsDelta, generatedAtText, renderAnnualReportHtml } from './annual-report-html';

const outcome = (over: Partial<ProgrammeOutcome>): ProgrammeOutcome => ({
  examId: 'x', patientId: 'p', date: '2026-03-01', examType: 'periodico', result: 'dentro_limites', desencadeamento: false, agravamento: false,
  workerName: 'Ana', registration: null, sectorId: null, sectorName: null, gheId: null, gheName: null, ...over,
});

function report(outcomes: ProgrammeOutcome[], over: Partial<AnnualReportData> = {}): AnnualReportData {
  const period = { from: '2026-01-01', to: '2026-12-31' };
  const previousPeriod = { from: '2025-01-01', to: '2025-12-31' };
  return {
    organizationId: 'o', clinic: { name: 'Clínica', cnpj: null, address: null, phone: null, email: null, logo: null },
    company: { id: 'c', name: 'Acme', tradeName: null, cnpj: null, cnpjFormatted: null, address: null, cnae: null },
    year: 2026, period, previousPeriod, ...annualReportFigures(outcomes, period, previousPeriod),
    generatedAt: '2026-11-25T13:05:00Z', generatedBy: { name: 'Dra. Helena', registry: null }, ...over,
  };
}

/** The text a reader sees: tags, styles and the SVG markup dropped. */
const visible = (html: string) => html.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]+>/g, ' ');

describe('annual report HTML', () => {
  it('formats pt-BR: decimal comma, signed differences, "—" for an unknown share, Brazil time', () => {
    expect(formatPercent(33.3)).toBe('33,3%');
    expect(formatPercent(null)).toBe('—');
    expect(formatCountDelta(3)).toBe('+3');
    expect(formatCountDelta(-1)).toBe('−1');
    expect(formatPointsDelta(16.7, 66.7)).toBe('−50,0 p.p.');
    expect(formatPointsDelta(10, null)).toBe('—');
    expect(generatedAtText('2026-11-25T13:05:00Z')).toBe('25/11/2026 às 10:05');
  });

  it('an empty period prints zeros, dashes and "nenhum", never null/undefined/NaN or an ISO date', () => {
    const text = visible(renderAnnualReportHtml(report([])));
    expect(text).not.toMatch(/null|undefined|NaN|\d{4}-\d{2}-\d{2}/);
    expect(text).toContain('Nenhuma audiometria no período.');
    expect(text).toContain('Nenhum caso de desencadeamento ou agravamento no período.');
    expect(text).toContain('não informado (cadastro incompleto)');
  });

  it('escapes every text of the records (a worker, a sector or a company named like markup)', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const html = renderAnnualReportHtml(report([outcome({ workerName: evil, sectorName: evil, sectorId: 's', desencadeamento: true })], {
      company: { id: 'c', name: evil, tradeName: evil, cnpj: null, cnpjFormatted: null, address: evil, cnae: null },
    }));
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;');
  });
});

describe('annual report CSV', () => {
  it('guards formula cells and quotes cells with ";"', () => {
    const csv = annualReportCsv(report([outcome({ workerName: '=HYPERLINK("x")', gheName: 'GHE; 1', gheId: 'g', result: 'nao_sugestivo' })]));
    expect(csv.startsWith('\uFEFFempresa;cnpj;periodo;')).toBe(true);
    expect(csv).toContain(`;2026;encaminhamento_item_10b;"GHE; 1";Não sugestivo de PAINPSE;;;"'=HYPERLINK(""x"")";;01/03/2026`);
  });
});
