import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { noResponse } from '../../core/src';
import { jsonSummaryOf, writeIn } from '../support/cli';
import { importTestBed } from '../support/import-bed';

/**
 * `limiar import pontos`: the one-row-per-point CSV (docs/csv-format.md, "CSV de pontos") grouped into
 * exams and run through the import pipeline — thresholds read back from the database, idempotent
 * (also across formats: the same exam in `import exams` format is a duplicate), per-line pt-BR problems.
 */
const bed = importTestBed('pontos');
const { cli, copy, examCount, examsOf } = bed;

describe('limiar import pontos', () => {
  it('imports one exam per worker and date with its thresholds; a re-run creates nothing, nor does the same exam in the exams format', async () => {
    const file = copy('pontos-exemplo.csv');
    const r = cli(['import', 'pontos', file, '-u', bed.account.email, '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(jsonSummaryOf(r)).toMatchObject({ read: 3, imported: 3, duplicates: 0, rejected: 0, patientsCreated: 2, errorsFile: null });
    expect(r.stderr).toContain('Aviso: pontos em frequências fora da grade do Limiar ignorados: 1500 Hz (1)');
    const ana = await examsOf('Ana Maria Souza');
    expect(ana).toEqual([
      {
        cpf: '52998224725', birth: '1985-04-12', sex: 'F', date: '2023-03-10',
        right: { air: { 500: 10, 1000: 15, 2000: 20, 3000: 25, 4000: 35, 6000: 30, 8000: noResponse(120) }, bone: { 500: 10, 1000: 15, 2000: 20, 4000: 30 } },
        left: { air: { 500: 15, 1000: 10, 2000: 15, 3000: 30, 4000: 40, 6000: 35, 8000: noResponse(100) } },
      },
      { cpf: '52998224725', birth: '1985-04-12', sex: 'F', date: '2024-03-12', right: { air: { 1000: 15, 4000: 50 } }, left: { air: { 1000: 15, 4000: 55 } } },
    ]);
    expect(await examsOf('Bruno Tavares')).toEqual([
      { cpf: null, birth: '1979-11-02', sex: 'M', date: '2022-08-01', right: { air: { 500: 20, 4000: 45 } }, left: { air: { 500: 15, 4000: 50 } } },
    ]);

    const again = cli(['import', 'pontos', file, '-u', bed.account.email, '--json']);
    expect(again.status, again.stderr).toBe(0);
    expect(jsonSummaryOf(again)).toMatchObject({ read: 3, imported: 0, duplicates: 3, patientsCreated: 0 });
    const sameExam = writeIn(bed.dir, 'bruno.csv', 'nome;data_nascimento;sexo;data_exame;od_500;od_4000;oe_500;oe_4000\nBruno Tavares;02/11/1979;M;01/08/2022;20;45;15;50\n');
    const exams = cli(['import', 'exams', sameExam, '-u', bed.account.email, '--json']);
    expect(exams.status, exams.stderr).toBe(0);
    expect(jsonSummaryOf(exams)).toMatchObject({ read: 1, imported: 0, duplicates: 1 });
    expect(await examCount()).toBe(3);
  });

  it('reads a Windows-1252 file of Excel pt-BR (kHz in the header) and one with English headers and commas', async () => {
    for (const name of ['pontos-windows-1252.csv', 'pontos-english.csv']) {
      const r = cli(['import', 'pontos', copy(name), '-u', bed.account.email, '--json']);
      expect(r.status, r.stderr).toBe(0);
      expect(jsonSummaryOf(r)).toMatchObject({ read: 1, imported: 1, rejected: 0 });
    }
    expect(await examsOf('João da Conceição')).toEqual([{
      cpf: null, birth: '1990-07-30', sex: 'M', date: '2024-05-20',
      right: { air: { 500: 5, 1000: 10, 4000: 20 } }, left: { air: { 500: 10, 1000: 10, 4000: 25 }, bone: { 4000: 20 } },
    }]);
    expect(await examsOf('Marcia Goncalves')).toEqual([{
      cpf: '39053344705', birth: '1972-01-09', sex: 'F', date: '2021-01-15',
      right: { air: { 250: 20, 500: 25, 4000: 55 }, bone: { 4000: noResponse(120) } }, left: { air: { 500: 20, 4000: 60 }, bone: { 4000: 55 } },
    }]);
  });

  it('lists every line of a rejected exam in the error file, the bad one with its pt-BR reason (exit 1); the good exam is imported', async () => {
    const file = copy('pontos-problemas.csv');
    const r = cli(['import', 'pontos', file, '-u', bed.account.email, '--json']);
    expect(r.status, r.stderr).toBe(1);
    expect(jsonSummaryOf(r)).toMatchObject({ read: 5, imported: 1, rejected: 4, errorsFile: `${file}.erros.csv` });
    const lines = fs.readFileSync(`${file}.erros.csv`, 'utf8').replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines).toEqual([
      'linha;motivo;cpf;nome;data_nascimento;sexo;data;orelha;via;frequencia;limiar',
      '4;Exame não importado: problema na(s) linha(s) 5 do mesmo exame;71460238001;Pedro Álvares;03/03/1968;M;01/06/2020;OD;aérea;500;10',
      '5;"Frequência inválida: ""12345"" (em Hz ou kHz: 250 a 8000 Hz)";71460238001;Pedro Álvares;03/03/1968;M;01/06/2020;OD;aérea;12345;10',
      '6;Exame não importado: problema na(s) linha(s) 7 do mesmo exame;71460238001;Pedro Álvares;03/03/1968;M;01/02/2021;OD;aérea;500;10',
      '7;Limiar inválido em oe_4000: 130 dB está fora da faixa de -10 a 120 dB NA.;71460238001;Pedro Álvares;03/03/1968;M;01/02/2021;OE;aérea;4000;130',
      '8;Exame não importado: problema na(s) linha(s) 10 do mesmo exame;71460238001;Pedro Álvares;03/03/1968;M;01/02/2022;OD;aérea;4000;30',
      '9;Exame não importado: problema na(s) linha(s) 10 do mesmo exame;71460238001;Pedro Álvares;03/03/1968;M;01/02/2022;OD;aérea;500;10',
      '10;Dois valores para o mesmo ponto (OD via aérea 4000 Hz): 30 na linha 8 e 45 nesta linha;71460238001;Pedro Álvares;03/03/1968;M;01/02/2022;OD;aérea;4000;45',
      '11;"Orelha inválida: ""X"" (use OD/OE, direita/esquerda ou R/L)";71460238001;Pedro Álvares;03/03/1968;M;01/02/2023;X;aérea;500;10',
      '12;Exame não importado: problema na(s) linha(s) 11 do mesmo exame;71460238001;Pedro Álvares;03/03/1968;M;01/02/2023;OE;aérea;500;10',
    ]);
    expect(await examsOf('Pedro Álvares')).toEqual([
      { cpf: '71460238001', birth: '1968-03-03', sex: 'M', date: '2020-02-01', right: { air: { 500: 10 } }, left: { air: { 500: 10 } } },
    ]);
    // the error file, corrected, imports as a point CSV itself (its leading linha;motivo are the report's, not the exam's motivo)
    const fixed = fs.readFileSync(`${file}.erros.csv`, 'utf8').replace(';12345;', ';1000;').replace(';4000;130', ';4000;40').replace(';4000;45', ';4000;30').replace(';X;', ';OD;');
    const again = cli(['import', 'pontos', writeIn(bed.dir, 'corrigido.csv', fixed), '-u', bed.account.email, '--json']);
    expect(again.status, again.stderr).toBe(0);
    expect(jsonSummaryOf(again)).toMatchObject({ read: 4, imported: 4, rejected: 0 });
    expect(again.stderr).not.toContain('Aviso');
    expect((await bed.pool.query("select count(*) as n from exam where consultation_reason is not null")).rows[0].n).toBe('0');
  });

  it('refuses a header without the point columns (exit 2, nothing written)', async () => {
    const before = await examCount();
    const r = cli(['import', 'pontos', writeIn(bed.dir, 'sem-frequencia.csv', 'nome;data;orelha;limiar\nAna;10/03/2023;OD;10\n'), '-u', bed.account.email, '--json']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('Cabeçalho sem a(s) coluna(s) obrigatória(s): frequencia');
    expect(await examCount()).toBe(before);
  });
});
