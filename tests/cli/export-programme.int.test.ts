import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnpjWithCheckDigits, forbiddenMessage } from '../../core/src';
import { inviteMember, registerAccount, type Account } from '../support/accounts';
import { ProgrammeSeed } from '../support/programme-seed';
import { startTestServer, type TestServer } from '../support/test-server';

const root = path.resolve(import.meta.dirname, '..', '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limiar-export-programa-'));
const CNPJ = cnpjWithCheckDigits('334445550001');
let t: TestServer;
let medico: Account;
let tecnico: Account;

const cli = (args: string[]) =>
  // cwd is a scratch folder (the default file name lands there): tsx is named by its path
  spawnSync(process.execPath, ['--import', pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href, path.join(root, 'cli/src/main.ts'), ...args], {
    cwd: dir, encoding: 'buffer', env: { ...process.env, DATABASE_URL: t.database.url, LIMIAR_DATA_DIR: t.dataDir, LIMIAR_LOG_LEVEL: 'silent' },
  });

beforeAll(async () => {
  t = await startTestServer();
  medico = await registerAccount(t, { name: 'Dr. Otávio Reis', crm: '778899', crmState: 'MG' });
  tecnico = await inviteMember(t, medico, ['tecnico']);
  const seed = await ProgrammeSeed.open(t.database.url, medico.user.organizationId);
  try {
    const company = await seed.company('Fundição Vale Ltda', { cnpj: CNPJ });
    const sector = await seed.sector(company.id, 'Moldagem');
    const [a, b, c] = await seed.workers(['Rita Faria', 'Sérgio Prado', 'Tiago Luz']);
    await seed.employments([a, b, c].map((id, i) => ({ patientId: id, companyId: company.id, registration: `F-${i + 1}`, sectorId: sector, admissionDate: '2021-02-01' })));
    await seed.exams([
      { patientId: a, date: '2025-04-01', examType: 'periodico', classification: { right: 'aceitavel', left: 'aceitavel' } },
      { patientId: a, date: '2026-04-01', examType: 'periodico', classification: { right: 'sugestivo_painpse', left: 'aceitavel', d: true } },
      { patientId: b, date: '2026-04-02', examType: 'periodico', classification: { right: 'aceitavel', left: 'aceitavel' } },
      { patientId: c, date: '2026-04-03', examType: 'periodico', classification: { right: 'nao_sugestivo', left: 'aceitavel' } },
    ]);
  } finally {
    await seed.close();
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('limiar export programa (NR-7 7.6.2 analytical report)', () => {
  it('writes the PDF named by CNPJ and year by default, with the figures and who generated it', () => {
    const r = cli(['export', 'programa', '--company', '33.444.555/0001-' + CNPJ.slice(12), '--year', '2026', '--user', medico.email]);
    expect(r.status, r.stderr.toString()).toBe(0);
    const file = path.join(dir, `relatorio-analitico-${CNPJ}-2026.pdf`);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    expect(fs.existsSync(`${file}.parcial`)).toBe(false);
    expect(r.stderr.toString()).toContain('Relatório analítico de Fundição Vale Ltda');
    expect(r.stderr.toString()).toContain('3 audiometrias de 3 trabalhadores');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Fundição Vale Ltda');
    expect(text).toMatch(/Sugestivo de PAINPSE \(item 5\.2\)\s+1\s+33,3%\s+0\s+0,0%\s+\+33,3 p\.p\./);
    expect(text).toMatch(/Rita Faria\s+F-1\s+Moldagem\s+—\s+01\/04\/2026\s+Desencadeamento/);
    expect(text).toMatch(/por Dr\. Otávio Reis \(CRM 778899\/MG\)/);
  }, 90_000);

  it('writes the CSV to the standard output with --out -', () => {
    const r = cli(['export', 'programa', '--company', CNPJ, '--year', '2026', '--format', 'csv', '--out', '-', '--user', medico.email, '--organization', medico.user.organizationId]);
    expect(r.status, r.stderr.toString()).toBe(0);
    const csv = r.stdout.toString('utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain(`Fundição Vale Ltda;${CNPJ.replace(/^(.{2})(.{3})(.{3})(.{4})(.{2})$/, '$1.$2.$3/$4-$5')};2026;resultados;;Audiometrias;3;;;;`);
    expect(csv).toContain(';2026;encaminhamento_item_10b;Moldagem;Não sugestivo de PAINPSE;;;Tiago Luz;F-3;03/04/2026');
  }, 60_000);

  it('takes a period with --from/--to instead of the year', () => {
    const out = path.join(dir, 'abril.csv');
    const r = cli(['export', 'programa', '--company', CNPJ, '--from', '01/04/2026', '--to', '2026-04-02', '--format', 'csv', '--out', out, '--user', medico.email]);
    expect(r.status, r.stderr.toString()).toBe(0);
    expect(r.stderr.toString()).toContain('01/04/2026 a 02/04/2026: 2 audiometrias de 2 trabalhadores');
    expect(fs.readFileSync(out, 'utf8')).toContain(';01/04/2026 a 02/04/2026;resultados;;Audiometrias;2;;;;');
  }, 60_000);

  it('refuses a técnico, an unknown or invalid CNPJ and a bad year with exit 2 and a pt-BR message', () => {
    const cases: Array<[string[], RegExp | string]> = [
      [['--company', CNPJ, '--year', '2026', '--user', tecnico.email], forbiddenMessage('dashboards.export')],
      [['--company', cnpjWithCheckDigits('998887770001'), '--year', '2026', '--user', medico.email], 'Empresa não encontrada'],
      [['--company', '11.111.111/1111-11', '--year', '2026', '--user', medico.email], 'CNPJ inválido'],
      [['--company', CNPJ, '--year', '26', '--user', medico.email], 'Ano inválido'],
      [['--company', CNPJ, '--user', medico.email], 'Informe o ano'],
      [['--company', CNPJ, '--year', '2026', '--format', 'xlsx', '--user', medico.email], 'Formato desconhecido'],
    ];
    for (const [args, message] of cases) {
      const r = cli(['export', 'programa', ...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.toString()).toMatch(typeof message === 'string' ? new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : message);
    }
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.parcial'))).toEqual([]);
  }, 120_000);
});
