import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addYears } from '../../core/src';
import { programmeToday } from '../../core/src/programme/schedule';
import { registerAccount, type Account } from '../support/accounts';
import { runLimiar } from '../support/cli';
import { ProgrammeSeed } from '../support/programme-seed';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 20 item 5c: `limiar retention-report` lists the records past the NR-7 item 7.6.1.1 period (20 years after the worker leaves).
let t: TestServer;
let a: Account;
let b: Account;
// Today in Brazil, as the report counts it (between 00:00 and 03:00 UTC the UTC date is already tomorrow).
const today = programmeToday(new Date());
/** A date `years` years and `days` days before today. */
const before = (years: number, days = 0) => new Date(Date.parse(`${addYears(today, -years)}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
const ids = {} as Record<'leftLongAgo' | 'leftRecently' | 'noPeriodOldExam' | 'stillEmployed' | 'noPeriodRecentExam' | 'otherOrg', string>;

beforeAll(async () => {
  t = await startTestServer();
  [a, b] = [await registerAccount(t), await registerAccount(t)];
  const seed = await ProgrammeSeed.open(t.database.url, a.user.organizationId);
  try {
    const company = await seed.company('Curtume Antigo Ltda');
    const [leftLongAgo, leftRecently, noPeriodOldExam, stillEmployed, noPeriodRecentExam] =
      await seed.workers(['Aristides Desligado Há Muito', 'Beatriz Desligada Recente', 'Caetano Sem Vínculo', 'Dirce Ainda Empregada', 'Edson Exame Recente']);
    Object.assign(ids, { leftLongAgo, leftRecently, noPeriodOldExam, stillEmployed, noPeriodRecentExam });
    await seed.employments([
      // dismissed 20 years and 10 days ago: past; 19 years ago: kept; hired 25 years ago, still there: kept
      { patientId: leftLongAgo, companyId: company.id, admissionDate: before(30), dismissalDate: before(20, 10) },
      { patientId: leftRecently, companyId: company.id, admissionDate: before(30), dismissalDate: before(19) },
      { patientId: stillEmployed, companyId: company.id, admissionDate: before(25) },
    ]);
    await seed.exams([
      { patientId: leftLongAgo, date: before(21), examType: 'demissional', classification: { right: 'aceitavel', left: 'aceitavel' } },
      { patientId: noPeriodOldExam, date: before(22), examType: 'periodico', classification: { right: 'aceitavel', left: 'aceitavel' } },
      { patientId: stillEmployed, date: before(24), examType: 'admissional', classification: { right: 'aceitavel', left: 'aceitavel' } },
      { patientId: noPeriodRecentExam, date: before(3), examType: 'periodico', classification: { right: 'aceitavel', left: 'aceitavel' } },
    ]);
  } finally {
    await seed.close();
  }
  const other = await ProgrammeSeed.open(t.database.url, b.user.organizationId);
  try {
    [ids.otherOrg] = await other.workers(['Fausto Outra Organização']);
    await other.exams([{ patientId: ids.otherOrg, date: before(40), examType: 'periodico', classification: { right: 'aceitavel', left: 'aceitavel' } }]);
  } finally {
    await other.close();
  }
}, 120_000);
afterAll(() => t?.close());

describe('limiar retention-report', () => {
  it('--json lists, per organisation, the workers past 20 years from their last dismissal (or last exam without a period), and no other', () => {
    const r = runLimiar(t.database.url, ['retention-report', '--json', '--org', a.user.organizationId]);
    expect(r.status, r.stderr).toBe(0);
    const data = JSON.parse(r.stdout.trim());
    expect(data).toMatchObject({ today, years: 20 });
    expect(data.organizations).toHaveLength(1);
    const org = data.organizations[0];
    expect(org).toMatchObject({ id: a.user.organizationId, workers: 5 });
    expect(org.items.map((i: { patientId: string }) => i.patientId).sort()).toEqual([ids.leftLongAgo, ids.noPeriodOldExam].sort());
    const left = org.items.find((i: { patientId: string }) => i.patientId === ids.leftLongAgo);
    expect(left).toMatchObject({ basis: 'desligamento', from: before(20, 10), retainUntil: addYears(before(20, 10), 20), daysPast: 10, exams: 1 });
    const noPeriod = org.items.find((i: { patientId: string }) => i.patientId === ids.noPeriodOldExam);
    expect(noPeriod).toMatchObject({ basis: 'ultimo_exame', from: before(22) });
  });

  it('without --org covers every organisation; the text report names the rule and deletes nothing', async () => {
    const all = runLimiar(t.database.url, ['retention-report', '--json']);
    expect(all.status, all.stderr).toBe(0);
    const orgs = JSON.parse(all.stdout.trim()).organizations as Array<{ id: string; items: Array<{ patientId: string }> }>;
    expect(orgs.find((o) => o.id === b.user.organizationId)!.items.map((i) => i.patientId)).toEqual([ids.otherOrg]);
    const text = runLimiar(t.database.url, ['retention-report', '--org', a.user.organizationId]);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toContain('NR-7, item 7.6.1.1');
    expect(text.stdout).toContain('2 de 5 trabalhador(es) com o prazo vencido');
    expect(text.stdout).toContain('Aristides Desligado Há Muito');
    expect(text.stdout).not.toContain('Beatriz');
    expect(text.stdout).toContain('Nada foi apagado');
    const res = await t.request(`/api/patients/${ids.leftLongAgo}`, { headers: { authorization: `Bearer ${a.token}` } });
    expect(res.status).toBe(200);
    const unknown = runLimiar(t.database.url, ['retention-report', '--org', 'Organização Inexistente']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Organização não encontrada');
  });
});
