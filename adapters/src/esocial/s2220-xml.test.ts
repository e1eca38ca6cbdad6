import { describe, expect, it } from 'vitest';
import { esocialEventId, s2220EventOf, type AsoView } from '../../../core/src';
import { s2220Xml, validateS2220, XsdValidatedS2220Writer } from './s2220-xml';

const T = new Date('2026-03-10T15:04:05Z');
const view = (over: Partial<AsoView> = {}): AsoView => ({
  id: 'a1', organizationId: 'o1', patientId: 'p1', examId: 'e1', employmentId: 'm1', companyId: 'c1', examType: 'periodico', asoDate: '2026-03-10', result: 'apto',
  otherProcedures: [{ code: '0295', date: '2026-03-09', description: null }, { code: '9999', date: '2026-03-10', description: 'Avaliação <clínica> & "anamnese"' }],
  physician: { name: 'Dra. Ana Souza', crm: '123456', uf: 'SP' }, coordinator: { name: 'Dr. Bruno Lima', crm: '654321', uf: 'RJ', cpf: '52998224725' },
  event: { status: 'pendente', eventId: null, xml: null, generatedAt: null, exportedAt: null, receipt: null, indRetif: 1, retifiedReceipt: null },
  createdAt: T, updatedAt: T, patientName: 'José', cpf: '52998224725', companyName: 'Alfa', companyCnpj: '11222333000181', registration: 'M-0042 & B', examDate: '2026-03-09',
  examClassification: { exam_role: 'sequencial', classification_right: 'sugestivo_painpse', classification_left: 'aceitavel', desencadeamento: false, agravamento: false, reference_date: '2025-03-01' },
  ...over,
});
const build = (v: AsoView) => {
  const e = s2220EventOf(v, { id: esocialEventId('11222333000181', T, 1), tpAmb: 2, verProc: 'Limiar 0.1.0' });
  if (!e.ok) throw e.error;
  return e.value;
};
const tags = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]);

describe('S-2220 XML (evtMonit, leiaute S-1.3)', () => {
  it('an original event with the audiometry, other procedures, physician and coordinator validates against evtMonit.xsd', async () => {
    const xml = s2220Xml(build(view()));
    expect(await validateS2220(xml)).toEqual({ valid: true, errors: [] });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?><eSocial xmlns="http://www.esocial.gov.br/schema/evt/evtMonit/v_S_01_03_00"><evtMonit Id="ID1112223330001812026031012040500001">')).toBe(true);
    expect(tags(xml, 'procRealizado')).toEqual(['0281', '0295', '9999']);
    expect(tags(xml, 'ordExame')).toEqual(['2']);
    expect(tags(xml, 'indResult')).toEqual(['3']);
    expect(tags(xml, 'obsProc')).toEqual(['Avaliação &lt;clínica&gt; &amp; &quot;anamnese&quot;']);
    expect(tags(xml, 'matricula')).toEqual(['M-0042 &amp; B']);
    expect(tags(xml, 'tpAmb')).toEqual(['2']);
    expect(tags(xml, 'nrInsc')).toEqual(['11222333']);
    expect(tags(xml, 'cpfResp')).toEqual(['52998224725']);
    expect(xml).not.toContain('nrRecibo');
    expect(xml).not.toContain('Signature'); // unsigned: the employer's software signs it
  });

  it('a retification carries indRetif 2 and nrRecibo; no result, no coordinator and an undetermined indResult are left out — still valid', async () => {
    const xml = s2220Xml(build(view({
      result: null, coordinator: null, otherProcedures: [],
      event: { status: 'retificacao_pendente', eventId: null, xml: null, generatedAt: null, exportedAt: null, receipt: '1.2.0000000000012345678', indRetif: 2, retifiedReceipt: null },
      examClassification: { exam_role: 'sequencial', classification_right: 'aceitavel', classification_left: 'aceitavel', desencadeamento: null, agravamento: false },
    })));
    expect(await validateS2220(xml)).toEqual({ valid: true, errors: [] });
    expect([tags(xml, 'indRetif'), tags(xml, 'nrRecibo')]).toEqual([['2'], ['1.2.0000000000012345678']]);
    expect(xml).not.toContain('<resAso>');
    expect(xml).not.toContain('<respMonit>');
    expect(xml).not.toContain('<indResult>');
    expect(tags(xml, 'ordExame')).toEqual(['2']);
  });

  it('every exam type code validates (tpExameOcup 0, 1, 2, 3, 4, 9)', async () => {
    for (const examType of ['admissional', 'periodico', 'retorno_trabalho', 'mudanca_riscos', 'monitoracao_pontual', 'demissional'] as const) {
      const xml = s2220Xml(build(view({ examType })));
      expect((await validateS2220(xml)).errors, examType).toEqual([]);
    }
  });

  it('the writer refuses what the schema refuses (nothing is answered unvalidated), and the schema wants the signature of the exported file', async () => {
    const bad = build(view());
    bad.ideVinculo.cpfTrab = '123';
    const written = await new XsdValidatedS2220Writer().write(bad);
    expect(written.ok).toBe(false);
    if (!written.ok) {
      expect(written.error.code).toBe('ASO.INVALID_EVENT');
      expect(written.error.issues.map((i) => i.message).join(' ')).toContain('cpfTrab');
    }
    expect((await new XsdValidatedS2220Writer().write(build(view()))).ok).toBe(true);
    expect((await validateS2220(s2220Xml(build(view())), { signed: true })).errors.join(' ')).toContain('Signature');
  });

  it('several events in one run: each answer in order, a refused one does not spoil the others', async () => {
    const bad = build(view());
    bad.exMedOcup.aso.medico.ufCRM = 'XX';
    const answers = await new XsdValidatedS2220Writer().writeMany([build(view()), bad, build(view({ examType: 'demissional' }))]);
    expect(answers.map((a) => a.ok)).toEqual([true, false, true]);
    if (!answers[1].ok) expect(answers[1].error.issues.map((i) => i.message).join(' ')).toContain('ufCRM');
  });

  it('without CNPJ, matrícula, CPF or thresholds there is no event (pt-BR reasons)', () => {
    const e = s2220EventOf(view({ companyCnpj: null, registration: null, cpf: null, examClassification: {} }), { id: 'x', tpAmb: 1, verProc: 'v' });
    expect(e.ok).toBe(false);
    if (!e.ok) expect(e.error.issues.map((i) => i.path)).toEqual(['employmentId', 'employmentId', 'cpf', 'examId']);
  });
});
