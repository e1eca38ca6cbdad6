import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjWithCheckDigits, formatCnpj } from '../../core/src';
import { bearer, expectHiddenFromOtherOrganisation, inviteMember, json, registerAccount, type Account } from '../support/accounts';
import { startTestServer, type TestServer } from '../support/test-server';

// Issue 19: companies (CNPJ), sectors and GHEs with the noise exposure, through the real API.
let t: TestServer;
let a: Account;
let b: Account;
let tecnico: Account;
let seguranca: Account;
beforeAll(async () => {
  t = await startTestServer();
  [a, b] = [await registerAccount(t), await registerAccount(t)];
  [tecnico, seguranca] = await Promise.all([inviteMember(t, a, ['tecnico']), inviteMember(t, a, ['seguranca'])]);
}, 120_000);
afterAll(() => t?.close());

type Json = Record<string, any>;
async function call(who: Account, method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const res = await t.request(path, body === undefined ? bearer(who.token, method) : json(body, who.token, method));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}
const ok = async (who: Account, method: string, path: string, body: unknown, status: number) => {
  const r = await call(who, method, path, body);
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body;
};

describe('companies', () => {
  it('creates a company with its CNPJ (masked or not), reads it with the Company fields, lists it by name and updates it', async () => {
    const cnpj = cnpjWithCheckDigits('112223330001');
    const created = await ok(a, 'POST', '/api/companies', {
      name: 'Metalúrgica Aurora Ltda', tradeName: 'Aurora', cnpj: formatCnpj(cnpj), address: 'Av. Industrial, 100 — Osasco/SP', cnae: '2512-8/00', riskGrade: 3,
      contactName: 'Rita RH', contactEmail: 'RH@Aurora.com.br', contactPhone: '(11) 3333-4444',
    }, 201);
    expect(created).toEqual({
      id: expect.any(String), name: 'Metalúrgica Aurora Ltda', tradeName: 'Aurora', cnpj, cnpjFormatted: formatCnpj(cnpj), address: 'Av. Industrial, 100 — Osasco/SP',
      cnae: '2512-8/00', riskGrade: 3, contactName: 'Rita RH', contactEmail: 'rh@aurora.com.br', contactPhone: '(11) 3333-4444', needsCompletion: false,
      activeWorkers: 0, patientCount: 0, createdAt: expect.any(String), updatedAt: expect.any(String),
    });
    await ok(a, 'POST', '/api/companies', { name: 'Auto Peças Bandeirante' }, 201);
    const list = await ok(a, 'GET', '/api/companies', undefined, 200);
    expect(list.map((c: Json) => c.name)).toEqual(['Auto Peças Bandeirante', 'Metalúrgica Aurora Ltda']);
    expect(list[0]).toMatchObject({ cnpj: null, cnpjFormatted: null, needsCompletion: true });
    expect((await ok(a, 'GET', '/api/companies?q=aurora', undefined, 200)).map((c: Json) => c.id)).toEqual([created.id]);
    expect((await ok(a, 'GET', `/api/companies?q=${encodeURIComponent(formatCnpj(cnpj).slice(0, 10))}`, undefined, 200)).map((c: Json) => c.id)).toEqual([created.id]);
    const updated = await ok(a, 'PUT', `/api/companies/${created.id}`, { riskGrade: 4, tradeName: null }, 200);
    expect(updated).toMatchObject({ name: 'Metalúrgica Aurora Ltda', cnpj, riskGrade: 4, tradeName: null });
    expect(await ok(a, 'GET', `/api/companies/${created.id}`, undefined, 200)).toEqual({ company: updated, sectors: [], ghes: [] });
  });

  it('refuses bad fields with pt-BR messages per field (400)', async () => {
    const r = await call(a, 'POST', '/api/companies', { name: 'X', cnpj: '11.222.333/0001-80', cnae: 'abc', riskGrade: 7, contactEmail: 'rh@', contactPhone: '1' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'COMPANY.INVALID', message: 'Razão social deve ter entre 2 e 200 caracteres' });
    expect(Object.fromEntries(r.body.issues.map((i: Json) => [i.path, i.message]))).toEqual({
      name: 'Razão social deve ter entre 2 e 200 caracteres', cnpj: 'CNPJ inválido: confira os dígitos verificadores', cnae: 'CNAE inválido: use o código da subclasse, como 2512-8/00',
      riskGrade: 'Grau de risco deve ser 1, 2, 3 ou 4 (NR-4)', contactEmail: 'E-mail inválido', contactPhone: 'Telefone inválido',
    });
    expect(await call(a, 'POST', '/api/companies', {})).toMatchObject({ status: 400, body: { code: 'COMPANY.INVALID', issues: [{ path: 'name', message: 'Razão social é obrigatória' }] } });
  });

  it('answers a second company with the same CNPJ with 409 COMPANY.CNPJ_CONFLICT, also when both arrive at once', async () => {
    const cnpj = cnpjWithCheckDigits('556667770001');
    await ok(a, 'POST', '/api/companies', { name: 'Química Delta', cnpj }, 201);
    expect(await call(a, 'POST', '/api/companies', { name: 'Química Delta Filial', cnpj: formatCnpj(cnpj) }))
      .toMatchObject({ status: 409, body: { code: 'COMPANY.CNPJ_CONFLICT', message: 'Já existe uma empresa com este CNPJ' } });
    const race = cnpjWithCheckDigits('889990000001');
    const both = await Promise.all([0, 1].map((i) => call(a, 'POST', '/api/companies', { name: `Corrida ${i}`, cnpj: race })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    // another organisation has its own companies: the same CNPJ is another record there
    await ok(b, 'POST', '/api/companies', { name: 'Química Delta', cnpj }, 201);
    // the razão social is unique only among companies without a CNPJ (matriz and filiais share it)
    await ok(a, 'POST', '/api/companies', { name: 'Química Delta', cnpj: cnpjWithCheckDigits('556667770002') }, 201);
    await ok(a, 'POST', '/api/companies', { name: 'Sem CNPJ Ltda' }, 201);
    expect(await call(a, 'POST', '/api/companies', { name: 'SEM CNPJ LTDA' })).toMatchObject({ status: 409, body: { code: 'COMPANY.NAME_CONFLICT' } });
  });

  it('a company typed on the worker form is flagged for completion, counts its active workers, and is completed with its CNPJ', async () => {
    await ok(a, 'POST', '/api/patients', { name: 'Lucas Prado', age: 33, sex: 'M', company: 'Cerâmica Horizonte' }, 201);
    const typed = (await ok(a, 'GET', '/api/companies?q=horizonte', undefined, 200))[0];
    expect(typed).toMatchObject({ name: 'Cerâmica Horizonte', needsCompletion: true, activeWorkers: 1, patientCount: 1 });
    const done = await ok(a, 'PUT', `/api/companies/${typed.id}`, { cnpj: cnpjWithCheckDigits('334445550001') }, 200);
    expect(done).toMatchObject({ name: 'Cerâmica Horizonte', needsCompletion: false, activeWorkers: 1 });
  });

  it("another organisation's company answers 404 on every route; a técnico reads but cannot write (403); segurança writes", async () => {
    const c = await ok(a, 'POST', '/api/companies', { name: 'Siderúrgica Ômega' }, 201);
    const sector = await ok(a, 'POST', `/api/companies/${c.id}/sectors`, { name: 'Aciaria' }, 201);
    const ghe = await ok(a, 'POST', `/api/companies/${c.id}/ghes`, { name: 'GHE 01' }, 201);
    for (const [method, path, body] of [
      ['GET', `/api/companies/${c.id}`], ['PUT', `/api/companies/${c.id}`, { name: 'Trocada' }], ['POST', `/api/companies/${c.id}/sectors`, { name: 'Laminação' }],
      ['PUT', `/api/companies/${c.id}/sectors/${sector.id}`, { name: 'Trocado' }], ['POST', `/api/companies/${c.id}/ghes`, { name: 'GHE 02' }],
      ['PUT', `/api/companies/${c.id}/ghes/${ghe.id}`, { name: 'Trocado' }],
    ] as const) await expectHiddenFromOtherOrganisation(t, b, { method, path, body });
    expect((await ok(a, 'GET', '/api/companies', undefined, 200)).map((x: Json) => x.name)).not.toContain('Trocada');
    expect((await ok(b, 'GET', '/api/companies', undefined, 200)).map((x: Json) => x.id)).not.toContain(c.id);

    const refused = await call(tecnico, 'POST', '/api/companies', { name: 'Pelo Técnico' });
    expect(refused).toMatchObject({ status: 403, body: { code: 'AUTH.FORBIDDEN', message: expect.stringContaining('cadastrar empresas, setores e GHEs') } });
    for (const [method, path, body] of [
      ['PUT', `/api/companies/${c.id}`, { name: 'Trocada' }], ['POST', `/api/companies/${c.id}/sectors`, { name: 'Laminação' }],
      ['PUT', `/api/companies/${c.id}/sectors/${sector.id}`, { name: 'Trocado' }], ['POST', `/api/companies/${c.id}/ghes`, { name: 'GHE 02' }],
      ['PUT', `/api/companies/${c.id}/ghes/${ghe.id}`, { periodicityMonths: 6 }],
    ] as const) expect((await call(tecnico, method, path, body)).status, `${method} ${path}`).toBe(403);
    expect((await call(tecnico, 'GET', `/api/companies/${c.id}`)).body).toMatchObject({ company: { name: 'Siderúrgica Ômega' }, sectors: [{ name: 'Aciaria' }], ghes: [{ name: 'GHE 01', periodicityMonths: 12 }] });
    expect((await ok(seguranca, 'PUT', `/api/companies/${c.id}/ghes/${ghe.id}`, { exposure: { metric: 'LAVG', levelDbA: 83.5, assessedAt: '2026-02-10', source: 'PGR 2026' } }, 200)).exposureStatus).toBe('acima_nivel_acao');
  });
});

describe('sectors and GHEs', () => {
  it('creates and renames sectors (unique per company), and GHEs with exposure status, sector name, periodicity and validation', async () => {
    const c = await ok(a, 'POST', '/api/companies', { name: 'Têxtil Paraná', cnpj: cnpjWithCheckDigits('776665550001') }, 201);
    const other = await ok(a, 'POST', '/api/companies', { name: 'Têxtil Outra' }, 201);
    const tecelagem = await ok(a, 'POST', `/api/companies/${c.id}/sectors`, { name: 'Tecelagem' }, 201);
    expect(tecelagem).toEqual({ id: expect.any(String), companyId: c.id, name: 'Tecelagem' });
    expect(await call(a, 'POST', `/api/companies/${c.id}/sectors`, { name: 'TECELAGEM' })).toMatchObject({ status: 409, body: { code: 'SECTOR.NAME_CONFLICT' } });
    expect(await call(a, 'POST', `/api/companies/${c.id}/sectors`, { name: '' })).toMatchObject({ status: 400, body: { code: 'SECTOR.INVALID', message: 'Nome do setor é obrigatório' } });
    expect(await ok(a, 'PUT', `/api/companies/${c.id}/sectors/${tecelagem.id}`, { name: 'Tecelagem e urdimento' }, 200)).toMatchObject({ name: 'Tecelagem e urdimento' });
    expect((await call(a, 'PUT', `/api/companies/${other.id}/sectors/${tecelagem.id}`, { name: 'X' })).status).toBe(404);

    const ghe = await ok(a, 'POST', `/api/companies/${c.id}/ghes`, {
      name: 'GHE 03 — Teares', sectorId: tecelagem.id, description: 'Tecelões', periodicityMonths: 6,
      exposure: { metric: 'LAVG', levelDbA: 91.2, dosePercent: 240, assessedAt: '2026-03-15', source: 'PGR 2026, dosimetria' },
    }, 201);
    expect(ghe).toEqual({
      id: expect.any(String), companyId: c.id, sectorId: tecelagem.id, sectorName: 'Tecelagem e urdimento', name: 'GHE 03 — Teares', description: 'Tecelões',
      exposure: { metric: 'LAVG', levelDbA: 91.2, dosePercent: 240, assessedAt: '2026-03-15', source: 'PGR 2026, dosimetria' },
      exposureStatus: 'acima_limite', exposureStatusLabel: 'Acima do limite de tolerância', exposed: true, periodicityMonths: 6, workers: 0,
    });
    const office = await ok(a, 'POST', `/api/companies/${c.id}/ghes`, { name: 'GHE 01 — Escritório', exposure: { metric: 'LAVG', levelDbA: 65 } }, 201);
    expect(office).toMatchObject({ exposureStatus: 'abaixo_nivel_acao', exposed: false, periodicityMonths: 12, sectorId: null, sectorName: null });
    const bad = await call(a, 'POST', `/api/companies/${c.id}/ghes`, { name: 'GHE 04', periodicityMonths: 0, exposure: { levelDbA: 170, dosePercent: -5, assessedAt: '2099-01-01' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('GHE.INVALID');
    expect(Object.fromEntries(bad.body.issues.map((i: Json) => [i.path, i.message]))).toEqual({
      'exposure.levelDbA': 'Nível de exposição deve ser um número entre 0 e 160 dB(A), com até uma casa decimal',
      'exposure.dosePercent': 'Dose deve ser um número maior ou igual a 0 %, com até uma casa decimal',
      'exposure.assessedAt': 'Data da avaliação inválida ou no futuro',
      'exposure.metric': 'Informe a métrica do nível ou da dose: LAVG (NR-15) ou NEN (NHO-01)',
      periodicityMonths: 'Periodicidade deve ser um número inteiro de 1 a 12 meses',
    });
    const foreignSector = await ok(a, 'POST', `/api/companies/${other.id}/sectors`, { name: 'Fiação' }, 201);
    expect(await call(a, 'POST', `/api/companies/${c.id}/ghes`, { name: 'GHE 05', sectorId: foreignSector.id }))
      .toMatchObject({ status: 400, body: { code: 'GHE.INVALID', issues: [{ path: 'sectorId', message: 'O setor escolhido é de outra empresa' }] } });
    expect(await call(a, 'POST', `/api/companies/${c.id}/ghes`, { name: 'ghe 03 — TEARES' })).toMatchObject({ status: 409, body: { code: 'GHE.NAME_CONFLICT' } });

    const reassessed = await ok(a, 'PUT', `/api/companies/${c.id}/ghes/${ghe.id}`, { exposure: { metric: 'NEN', levelDbA: 81 } }, 200);
    expect(reassessed).toMatchObject({ description: 'Tecelões', periodicityMonths: 6, exposure: { metric: 'NEN', levelDbA: 81, dosePercent: null }, exposureStatus: 'abaixo_nivel_acao' });
    expect(await ok(a, 'PUT', `/api/companies/${c.id}/ghes/${ghe.id}`, { exposure: null }, 200)).toMatchObject({ exposure: null, exposureStatus: 'nao_avaliado', exposureStatusLabel: 'Exposição não avaliada', exposed: false });
    const details = await ok(a, 'GET', `/api/companies/${c.id}`, undefined, 200);
    expect(details.sectors.map((s: Json) => s.name)).toEqual(['Tecelagem e urdimento']);
    expect(details.ghes.map((g: Json) => g.name)).toEqual(['GHE 01 — Escritório', 'GHE 03 — Teares']);
  });
});
