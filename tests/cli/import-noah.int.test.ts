import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { noResponse } from '../../core/src';
import { jsonSummaryOf } from '../support/cli';
import { importTestBed } from '../support/import-bed';

/**
 * `limiar import noah`: the Noah samples of tests/fixtures/noah (written from the public HIMSA
 * description, docs/audiometer-import.md) go through the import pipeline — thresholds read back from
 * the database, a re-run creates nothing, the rejected sessions are in the error file with pt-BR reasons.
 */
const bed = importTestBed('noah');
const { cli, copy, examCount, examsOf } = bed;

describe('limiar import noah', () => {
  it('imports each session of the sample as one exam with its thresholds (air and bone, masked, no-response); a re-run creates nothing', async () => {
    const file = copy('noah-dois-pacientes.xml');
    const r = cli(['import', 'noah', file, '-u', bed.account.email, '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(jsonSummaryOf(r)).toMatchObject({ read: 3, imported: 3, duplicates: 0, rejected: 0, patientsCreated: 2, dryRun: false, errorsFile: null });
    expect(r.stderr).toContain('Aviso: pontos em frequências fora da grade do Limiar ignorados: 250 Hz (1), 750 Hz (2), 1500 Hz (2), 10000 Hz (1)');
    expect(r.stderr).toContain('Aviso: curvas que não são de uma orelha (campo livre, binaural…) ignoradas: FreeFieldRight (1)');

    const ana = await examsOf('Ana Maria Souza');
    expect(ana.map((e) => [e.cpf, e.birth, e.sex, e.date])).toEqual([
      ['52998224725', '1985-04-12', 'F', '2023-03-10'],
      ['52998224725', '1985-04-12', 'F', '2024-03-12'],
    ]);
    expect(ana[0].right).toEqual({
      air: { 250: 10, 500: 10, 1000: 15, 2000: 20, 3000: 25, 4000: 35, 6000: 30, 8000: 20 },
      bone: { 500: 10, 1000: 15, 2000: 20, 3000: 20, 4000: 30 },
    });
    expect(ana[0].left).toEqual({
      air: { 250: 15, 500: 15, 1000: 10, 2000: 15, 3000: 30, 4000: 40, 6000: 35, 8000: 25 },
      bone: { 500: 10, 1000: 10, 2000: 15, 3000: 25, 4000: 35 },
    });
    // two actions of 2024-03-12 (air, then bone) are one exam; OE 4000 Hz masked (65) over unmasked (60); OD 8000 Hz no response at 110
    expect(ana[1].right).toEqual({ air: { 500: 15, 1000: 15, 2000: 25, 3000: 35, 4000: 50, 6000: 45, 8000: noResponse(110) }, bone: { 500: 10, 1000: 10, 2000: 20, 3000: 30, 4000: 45 } });
    expect(ana[1].left).toEqual({ air: { 500: 10, 1000: 15, 2000: 20, 3000: 40, 4000: 65, 6000: 55, 8000: 40 }, bone: { 500: 15, 1000: 15, 2000: 25, 3000: 40, 4000: 55 } });
    // no CPF in the export: stored by name + birth date; insert earphones read as air conduction
    const carlos = await examsOf('Carlos Eduardo Lima');
    expect(carlos).toEqual([{
      cpf: null, birth: '1979-11-02', sex: 'M', date: '2022-08-01',
      right: { air: { 500: 20, 1000: 20, 2000: 25, 3000: 30, 4000: 45, 6000: 50, 8000: 40 } },
      left: { air: { 500: 15, 1000: 20, 2000: 20, 3000: 35, 4000: 50, 6000: 45, 8000: 35 } },
    }]);

    const again = cli(['import', 'noah', file, '-u', bed.account.email, '--json']);
    expect(again.status, again.stderr).toBe(0);
    expect(jsonSummaryOf(again)).toMatchObject({ read: 3, imported: 0, duplicates: 3, rejected: 0, patientsCreated: 0 });
    expect(await examCount()).toBe(3);
  });

  it('reads the Windows-1252 and UTF-16 exports (accented names, CPF in an identifier field)', async () => {
    for (const name of ['noah-windows-1252.xml', 'noah-utf16.xml']) {
      const r = cli(['import', 'noah', copy(name), '-u', bed.account.email, '--json']);
      expect(r.status, r.stderr).toBe(0);
      expect(jsonSummaryOf(r)).toMatchObject({ read: 1, imported: 1, rejected: 0 });
    }
    const [joao] = await examsOf('João da Conceição');
    expect(joao).toMatchObject({ cpf: '11144477735', sex: 'M', date: '2024-05-20', left: { air: { 500: 10, 4000: 25, 8000: 15 } } });
    const [marcia] = await examsOf('Márcia Gonçalves');
    expect(marcia).toMatchObject({ cpf: '39053344705', sex: 'F', date: '2021-01-15', right: { bone: { 3000: 40 } }, left: { air: { 6000: 65 }, bone: { 4000: 55 } } });
  });

  it('rejects the bad sessions into the error file with their XML line and a pt-BR reason, imports the good one (exit 1); --dry-run writes nothing', async () => {
    const file = copy('noah-problemas.xml');
    const before = await examCount();
    const dry = cli(['import', 'noah', file, '-u', bed.account.email, '--json', '--dry-run']);
    expect(dry.status, dry.stderr).toBe(1);
    expect(jsonSummaryOf(dry)).toMatchObject({ read: 5, rejected: 4, imported: 0, dryRun: true });
    expect(await examCount()).toBe(before);

    const r = cli(['import', 'noah', file, '-u', bed.account.email, '--json']);
    expect(r.status, r.stderr).toBe(1);
    expect(jsonSummaryOf(r)).toMatchObject({ read: 5, imported: 1, rejected: 4, errorsFile: `${file}.erros.csv` });
    const lines = fs.readFileSync(`${file}.erros.csv`, 'utf8').replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines).toEqual([
      'linha;motivo;paciente;cpf;data_nascimento;sexo;data_exame;acoes',
      '109;Limiar inválido em od_2000: 22 dB não está na grade de 5 em 5 dB.;Pedro Álvares;71460238001;1968-03-03;Male;2020-06-01;Audiometria tonal',
      '205;Dois valores para o mesmo ponto (OE via aérea 4000 Hz): 25 e 45;Pedro Álvares;71460238001;1968-03-03;Male;2021-02-01;Audiometria tonal',
      '314;"Data da ação inválida: ""01/02/2022"" (ActionDate)";Pedro Álvares;71460238001;1968-03-03;Male;01/02/2022;Audiometria tonal',
      '422;"Sexo do paciente ausente ou não reconhecido no Noah (Gender: ""Unknown""); use Male/Female";Rita Moraes;24681357928;1975-05-05;Unknown;2023-09-09;Audiometria tonal',
    ]);
    expect(fs.readFileSync(bed.fixture('noah-problemas.xml'), 'utf8').split('\n')[108]).toMatch(/<pt:Action>/);
    expect(await examsOf('Pedro Álvares')).toMatchObject([{ date: '2020-02-01', right: { air: { 4000: 25 } } }]);

    const again = cli(['import', 'noah', file, '-u', bed.account.email, '--json']);
    expect(again.status, again.stderr).toBe(1);
    expect(jsonSummaryOf(again)).toMatchObject({ read: 5, imported: 0, duplicates: 1, rejected: 4 });
  });

  it('refuses what is not a Noah export and writes nothing (exit 2, pt-BR)', async () => {
    const before = await examCount();
    const file = path.join(bed.dir, 'outro.xml');
    fs.writeFileSync(file, '<?xml version="1.0"?><Relatorio><Linha>1</Linha></Relatorio>');
    const r = cli(['import', 'noah', file, '-u', bed.account.email, '--json']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('Nenhuma ação (<Action>) encontrada: o arquivo não parece uma exportação de pacientes do Noah');
    const broken = path.join(bed.dir, 'quebrado.xml');
    fs.writeFileSync(broken, '<a>\n<b></a>');
    const b = cli(['import', 'noah', broken, '-u', bed.account.email]);
    expect(b.status).toBe(2);
    expect(b.stderr).toMatch(/XML inválido na linha 2/);
    expect(await examCount()).toBe(before);
  });
});
