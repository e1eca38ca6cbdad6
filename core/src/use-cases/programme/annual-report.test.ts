import { describe, expect, it } from 'vitest';
import type { Role } from '../../accounts/permissions';
import type { Professional } from '../../accounts/professional';
import { cnpjWithCheckDigits } from '../../programme/cnpj';
import type { Company } from '../../programme/company';
import type { Employment } from '../../programme/employment';
import { InMemoryProgrammeOutcomes } from '../../testing/in-memory-programme-outcomes';
import type { AuthContext } from '../accounts/session-policy';
import { AnnualReport, previousPeriod, reportPeriod, type AnnualReportData } from './annual-report';

const ORG = 'org-1';
const CNPJ = cnpjWithCheckDigits('112223330001');
const at = new Date('2027-01-15T13:00:00Z');

const company = (id: string, name: string, cnpj: string | null, organizationId = ORG): Company => ({
  id, organizationId, name, tradeName: null, cnpj, address: 'Rua das Prensas, 100 — Osasco/SP', cnae: null, riskGrade: 3,
  contactName: null, contactEmail: null, contactPhone: null, createdAt: at, updatedAt: at,
});

const period = (id: string, patientId: string, companyId: string, over: Partial<Employment> = {}): Employment => ({
  id, organizationId: ORG, patientId, companyId, registration: `M-${patientId}`, jobTitle: null, sectorId: null, gheId: null,
  admissionDate: '2020-01-01', dismissalDate: null, startDate: '2020-01-01', endDate: null, createdAt: at, updatedAt: at, ...over,
});

const cls = (right: string, left: string, flags: { d?: boolean; a?: boolean } = {}) =>
  ({ classification_right: right, classification_left: left, desencadeamento: flags.d ?? null, agravamento: flags.a ?? null });

let seq = 0;
function world() {
  const s = new InMemoryProgrammeOutcomes();
  s.companies.push(company('acme', 'Metalúrgica Acme Ltda', CNPJ), company('beta', 'Beta Plásticos S.A.', null), company('other', 'De outra org', CNPJ, 'org-2'));
  s.sectors.push({ id: 'sec-p', organizationId: ORG, companyId: 'acme', name: 'Prensas', createdAt: at }, { id: 'sec-m', organizationId: ORG, companyId: 'acme', name: 'Manutenção', createdAt: at });
  s.ghes.push(
    { id: 'ghe-1', organizationId: ORG, companyId: 'acme', sectorId: 'sec-p', name: 'GHE 01 — Prensas', description: null, exposure: null, periodicityMonths: 12, createdAt: at, updatedAt: at },
    { id: 'ghe-2', organizationId: ORG, companyId: 'acme', sectorId: 'sec-m', name: 'GHE 02 — Manutenção', description: null, exposure: null, periodicityMonths: 12, createdAt: at, updatedAt: at },
  );
  for (const [id, name] of [['ana', 'Ana Souza'], ['bruno', 'Bruno Lima'], ['carla', 'Carla Dias'], ['davi', 'Davi Rocha'], ['eva', 'Eva Arquivada']] as const) s.workers.set(id, { name });
  s.workers.get('eva')!.archived = true;
  // Ana: Prensas/GHE 01 all along
  s.employments.push(period('e-ana', 'ana', 'acme', { sectorId: 'sec-p', gheId: 'ghe-1' }));
  // Bruno: Prensas until 2026-06-01, then Manutenção/GHE 02 (same contract)
  s.employments.push(period('e-bruno-1', 'bruno', 'acme', { sectorId: 'sec-p', gheId: 'ghe-1', endDate: '2026-06-01' }), period('e-bruno-2', 'bruno', 'acme', { sectorId: 'sec-m', gheId: 'ghe-2', startDate: '2026-06-01' }));
  // Carla: at Beta until dismissed on 2026-03-31, then admitted at Acme on 2026-04-10 without sector
  s.employments.push(period('e-carla-1', 'carla', 'beta', { dismissalDate: '2026-03-31', endDate: null }), period('e-carla-2', 'carla', 'acme', { admissionDate: '2026-04-10', startDate: '2026-04-10' }));
  // Davi: at Acme, Prensas; Eva: archived
  s.employments.push(period('e-davi', 'davi', 'acme', { sectorId: 'sec-p', gheId: 'ghe-1' }), period('e-eva', 'eva', 'acme', { sectorId: 'sec-p' }));
  const exam = (patientId: string, date: string, examType: 'admissional' | 'periodico' | 'demissional' | null, classification: Record<string, unknown>, organizationId = ORG) =>
    s.exams.push({ id: `x${++seq}`, organizationId, patientId, date, examType, classification });
  // 2025 (the previous year)
  exam('ana', '2025-03-01', 'periodico', cls('aceitavel', 'aceitavel'));
  exam('bruno', '2025-03-02', 'periodico', cls('aceitavel', 'aceitavel'));
  exam('davi', '2025-05-02', 'periodico', cls('sugestivo_painpse', 'aceitavel', { d: true }));
  // 2026
  exam('ana', '2026-02-10', 'periodico', cls('aceitavel', 'sugestivo_painpse', { d: true }));
  exam('bruno', '2026-02-11', 'periodico', cls('aceitavel', 'aceitavel'));
  exam('bruno', '2026-07-01', null, cls('nao_sugestivo', 'aceitavel')); // after the transfer: Manutenção/GHE 02
  exam('carla', '2026-03-01', 'demissional', cls('sugestivo_painpse', 'sugestivo_painpse', { a: true })); // at Beta: not Acme's
  exam('carla', '2026-04-10', 'admissional', cls('aceitavel', 'nao_sugestivo'));
  exam('davi', '2026-05-05', 'periodico', cls('sugestivo_painpse', 'sugestivo_painpse', { a: true }));
  exam('davi', '2026-12-31', 'periodico', { classification_right: null, classification_left: null }); // last day, no thresholds
  exam('eva', '2026-05-05', 'periodico', cls('sugestivo_painpse', 'aceitavel', { d: true })); // archived worker: left out
  exam('ana', '2027-01-02', 'periodico', cls('aceitavel', 'aceitavel')); // next year
  exam('ana', '2026-06-06', 'periodico', cls('aceitavel', 'aceitavel'), 'org-2'); // another organisation's row
  return s;
}

const doctor = { id: 'u-1', name: 'Dra. Helena Prado', professionalType: 'Medico', crm: '123456', crmState: 'SP' } as unknown as Professional;
const auth = (roles: Role[]): AuthContext => ({ userId: 'u-1', organizationId: ORG, sessionId: 's', memberId: 'm-1', roles });

function useCase(s = world()) {
  return new AnnualReport({
    outcomes: s, companies: s, clock: { now: () => at },
    clinic: { header: async (org) => (org === ORG ? { name: 'Clínica Audição Segura', cnpj: null, address: 'Av. Paulista, 1000', phone: null, email: null, logo: null } : undefined) },
    professionals: { findById: async (id) => (id === doctor.id ? doctor : undefined) },
  });
}

async function report(query: Parameters<AnnualReport['build']>[1], roles: Role[] = ['medico']): Promise<AnnualReportData> {
  const r = await useCase().build(auth(roles), query);
  if (!r.ok) throw r.error;
  return r.value;
}

describe('AnnualReport (NR-7 7.6.2, audiometry part)', () => {
  it('counts the exams of the workers whose employment in force on the exam date is in the company', async () => {
    const r = await report({ companyId: 'acme', year: 2026 });
    expect(r.period).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(r.company).toMatchObject({ name: 'Metalúrgica Acme Ltda', cnpj: CNPJ, cnpjFormatted: '11.222.333/0001-81' });
    // Ana 1, Bruno 2, Carla 1 (the Beta exam is Beta's), Davi 2; Eva archived; 2027 and org-2 out
    expect(r.current.audiometries).toBe(6);
    expect(r.current.workersExamined).toBe(4);
    expect(r.current.byType).toMatchObject({ periodico: 4, admissional: 1, demissional: 0, nao_informado: 1 });
    expect(r.current.byResult).toEqual({ dentro_limites: 1, sugestivo: 2, nao_sugestivo: 2, sem_classificacao: 1 });
    expect(r.current.percents.byResult).toEqual({ dentro_limites: 16.7, sugestivo: 33.3, nao_sugestivo: 33.3, sem_classificacao: 16.7 });
    expect(r.current).toMatchObject({ desencadeamentoExams: 1, agravamentoExams: 1, desencadeamentoWorkers: 1, agravamentoWorkers: 1, referredWorkers: 2 });
    expect(r.current.percents).toMatchObject({ desencadeamentoWorkers: 25, agravamentoWorkers: 25, referredWorkers: 50 });
  });

  it('compares with the same period of the previous year', async () => {
    const r = await report({ companyId: 'acme', year: 2026 });
    expect(r.previousPeriod).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(r.previous).toMatchObject({ audiometries: 3, workersExamined: 3, desencadeamentoWorkers: 1, agravamentoWorkers: 0, referredWorkers: 0 });
    expect(r.previous.byResult).toEqual({ dentro_limites: 2, sugestivo: 1, nao_sugestivo: 0, sem_classificacao: 0 });
  });

  it('breaks the figures down by the sector and GHE of the period in force on each exam date', async () => {
    const r = await report({ companyId: 'acme', year: 2026 });
    expect(r.bySector.map((g) => [g.name, g.figures.audiometries, g.figures.workersExamined])).toEqual([
      ['Manutenção', 1, 1], ['Prensas', 4, 3], ['Sem setor informado', 1, 1],
    ]);
    expect(r.byGhe.map((g) => [g.name, g.sectorName, g.figures.audiometries, g.figures.byResult.sugestivo])).toEqual([
      ['GHE 01 — Prensas', 'Prensas', 4, 2], ['GHE 02 — Manutenção', 'Manutenção', 1, 0], ['Sem GHE informado', null, 1, 0],
    ]);
  });

  it('lists the desencadeamento/agravamento cases and the workers to refer, with matrícula and exam date', async () => {
    const r = await report({ companyId: 'acme', year: 2026 });
    expect(r.cases.map((c) => [c.name, c.registration, c.examDate, c.desencadeamento, c.agravamento])).toEqual([
      ['Ana Souza', 'M-ana', '2026-02-10', true, false], ['Davi Rocha', 'M-davi', '2026-05-05', false, true],
    ]);
    expect(r.referrals.map((c) => [c.name, c.examDate, c.sectorName])).toEqual([['Bruno Lima', '2026-07-01', 'Manutenção'], ['Carla Dias', '2026-04-10', null]]);
  });

  it('lists a worker to refer once, by the latest exam of the period that shows the alteration', async () => {
    const s = world();
    s.exams.push({ id: 'x-late', organizationId: ORG, patientId: 'carla', date: '2026-09-09', examType: 'periodico', classification: cls('nao_sugestivo', 'aceitavel') });
    const r = await useCase(s).build(auth(['medico']), { companyId: 'acme', year: 2026 });
    expect(r.ok && r.value.referrals.map((c) => [c.name, c.examDate])).toEqual([['Bruno Lima', '2026-07-01'], ['Carla Dias', '2026-09-09']]);
    expect(r.ok && r.value.current.referredWorkers).toBe(2);
  });

  it('names the clinic, who generated the report and when', async () => {
    const r = await report({ companyId: 'acme', year: 2026 });
    expect(r.clinic.name).toBe('Clínica Audição Segura');
    expect(r.generatedBy).toEqual({ name: 'Dra. Helena Prado', registry: 'CRM 123456/SP' });
    expect(r.generatedAt).toBe(at.toISOString());
  });

  it('finds the company by CNPJ, masked or not (the CLI)', async () => {
    const r = await useCase().buildFor(ORG, { name: 'CLI', registry: null }, { cnpj: '11.222.333/0001-81', year: 2026 });
    expect(r.ok && r.value.company.id).toBe('acme');
    const bad = await useCase().buildFor(ORG, { name: 'CLI', registry: null }, { cnpj: '11.222.333/0001-82', year: 2026 });
    expect(!bad.ok && bad.error.code).toBe('COMPANY.INVALID_CNPJ');
  });

  it('answers not found for another organisation\'s company or an unknown CNPJ', async () => {
    const other = await useCase().build(auth(['medico']), { companyId: 'other', year: 2026 });
    expect(!other.ok && other.error.code).toBe('COMPANY.NOT_FOUND');
    const unknown = await useCase().buildFor(ORG, { name: 'CLI', registry: null }, { cnpj: cnpjWithCheckDigits('999888777000'), year: 2026 });
    expect(!unknown.ok && unknown.error.code).toBe('COMPANY.NOT_FOUND');
  });

  it('is the dashboards permission: a técnico is refused, segurança and fono are not', async () => {
    const refused = await useCase().build(auth(['tecnico']), { companyId: 'acme', year: 2026 });
    expect(!refused.ok && refused.error.code).toBe('AUTH.FORBIDDEN');
    expect((await report({ companyId: 'acme', year: 2026 }, ['seguranca'])).current.audiometries).toBe(6);
    expect((await report({ companyId: 'acme', year: 2026 }, ['fonoaudiologo'])).current.audiometries).toBe(6);
  });

  it('an empty period is zeros and null percentages, not an error', async () => {
    const r = await report({ companyId: 'beta', year: 2024 });
    expect(r.current.audiometries).toBe(0);
    expect(r.current.percents.byResult.sugestivo).toBeNull();
    expect(r.bySector).toEqual([]);
    expect(r.cases).toEqual([]);
  });
});

describe('reportPeriod / previousPeriod', () => {
  it('a year, or from/to within one year', () => {
    expect(reportPeriod({ year: 2026 })).toEqual({ ok: true, value: { year: 2026, from: '2026-01-01', to: '2026-12-31' } });
    expect(reportPeriod({ from: '2025-07-01', to: '2026-06-30' })).toEqual({ ok: true, value: { year: null, from: '2025-07-01', to: '2026-06-30' } });
    for (const bad of [{}, { year: 1899 }, { year: 2026.5 }, { from: '2026-01-01' }, { from: '2026-02-30', to: '2026-03-01' }, { from: '2026-05-01', to: '2026-04-01' },
      { from: '2025-07-01', to: '2026-07-01' }, { year: 2026, from: '2026-01-01', to: '2026-02-01' }]) {
      const r = reportPeriod(bad);
      expect(r.ok, JSON.stringify(bad)).toBe(false);
      expect(!r.ok && r.error.code).toBe('ANNUAL_REPORT.INVALID_PERIOD');
    }
  });
  it('the same period one year earlier, February included', () => {
    expect(previousPeriod({ from: '2026-01-01', to: '2026-12-31' })).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(previousPeriod({ from: '2024-02-29', to: '2024-03-31' })).toEqual({ from: '2023-02-28', to: '2023-03-31' });
    expect(previousPeriod({ from: '2024-03-01', to: '2025-02-28' })).toEqual({ from: '2023-03-01', to: '2024-02-29' });
  });
});
