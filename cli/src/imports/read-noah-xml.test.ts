import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { ImportRecord } from '../../../core/src';
import { decodeXml, readNoahXml } from './read-noah-xml';

const FIXTURES = path.resolve(import.meta.dirname, '../../../tests/fixtures/noah');
const fromFile = (name: string) => readNoahXml(fs.createReadStream(path.join(FIXTURES, name)));
const fromText = (xml: string) => readNoahXml(Readable.from([Buffer.from(xml)]));
async function all(records: AsyncIterable<ImportRecord>) {
  const out: ImportRecord[] = [];
  for await (const r of records) out.push(r);
  return out;
}
const cellsOf = (r: ImportRecord) => ('cells' in r ? r.cells : undefined);

/** A minimal export: one patient, one audiogram action with the given curves. */
const exportWith = (curves: string, patient = '<pt:FirstName>Ana</pt:FirstName><pt:LastName>Souza</pt:LastName><pt:Gender>Female</pt:Gender><pt:DateofBirth>1985-04-12T00:00:00</pt:DateofBirth>', date = '2023-03-10T09:15:00') => `<?xml version="1.0" encoding="utf-8"?>
<pt:NOAH_Patients_Export xmlns:pt="http://www.himsa.com/Measurement/PatientExport.xsd">
  <pt:Patient><pt:Patient>${patient}
    <pt:Actions><pt:Action>
      <pt:TypeOfData>Audiogram</pt:TypeOfData><pt:ActionDate>${date}</pt:ActionDate>
      <pt:PublicData><HIMSAAudiometricStandard xmlns="http://www.himsa.com/Measurement/Audiogram">${curves}</HIMSAAudiometricStandard></pt:PublicData>
    </pt:Action></pt:Actions>
  </pt:Patient></pt:Patient>
</pt:NOAH_Patients_Export>`;
const curve = (output: string, points: string, masking = 'NoSignalApplied') =>
  `<ToneThresholdAudiogram><AudMeasurementConditions><MaskingSignalType>${masking}</MaskingSignalType><StimulusSignalOutput>${output}</StimulusSignalOutput></AudMeasurementConditions>${points}</ToneThresholdAudiogram>`;
const point = (hz: number, level: string | number, status = 'Normal', masking?: number) =>
  `<TonePoints><StimulusFrequency>${hz}</StimulusFrequency><StimulusLevel>${level}</StimulusLevel>${masking === undefined ? '' : `<MaskingLevel>${masking}</MaskingLevel>`}<TonePointStatus>${status}</TonePointStatus></TonePoints>`;

describe('readNoahXml', () => {
  it('maps each patient and session date to one exam row: name, CPF from an identifier field, birth date, sex, date, air and bone per ear', async () => {
    const src = fromFile('noah-dois-pacientes.xml');
    const records = await all(src.records);
    expect(records.map((r) => r.line)).toEqual([17, 218, 439]); // the line of each session's first <Action>
    expect(cellsOf(records[0])).toMatchObject({
      nome: 'Ana Maria Souza', cpf: '52998224725', data_nascimento: '1985-04-12', sexo: 'F', data_exame: '2023-03-10',
      od_250: '10', od_500: '10', od_1000: '15', od_2000: '20', od_3000: '25', od_4000: '35', od_6000: '30', od_8000: '20',
      oe_3000: '30', oe_6000: '35', od_vo_500: '10', od_vo_4000: '30', oe_vo_3000: '25',
    });
    // 750 and 1500 Hz (air) and 250 Hz (bone) are outside the grid: not in the row
    expect(Object.keys(cellsOf(records[0])!).filter((k) => /_(750|1500)$|_vo_250$/.test(k))).toEqual([]);
    // the 2024 session spans two actions of the same day (air, then bone): one exam; the masked OE 4000 Hz (65) wins over the unmasked 60; NoResponse → NR at its level
    expect(cellsOf(records[1])).toMatchObject({ data_exame: '2024-03-12', od_8000: 'NR110', oe_4000: '65', od_4000: '50', oe_vo_4000: '55', od_vo_4000: '45' });
    expect(src.rowsOf(218)[0].cells).toEqual(['Ana Maria Souza', '52998224725', '1985-04-12', 'Female', '2024-03-12', 'Audiometria via aérea + Audiometria via óssea']);
    // no CPF among the identifiers ("1234" is a patient number): the pipeline matches by name + birth date; insert phones are air conduction
    expect(cellsOf(records[2])).toMatchObject({ nome: 'Carlos Eduardo Lima', cpf: '', data_nascimento: '1979-11-02', sexo: 'M', od_500: '20', oe_8000: '35' });
    expect(await src.warnings).toEqual([
      'pontos em frequências fora da grade do Limiar ignorados: 250 Hz (1), 750 Hz (2), 1500 Hz (2), 10000 Hz (1)',
      'curvas que não são de uma orelha (campo livre, binaural…) ignoradas: FreeFieldRight (1)',
      '1 curva(s) com aparelho auditivo (aided) ignorada(s)',
    ]);
    expect(await src.info).toEqual({ encoding: 'utf-8', patients: 2, actions: 5, audiogramActions: 4 });
  });

  it('reads the encodings Noah files come in: declared Windows-1252, UTF-16 with a byte-order mark', async () => {
    const cp = fromFile('noah-windows-1252.xml');
    expect(cellsOf((await all(cp.records))[0])).toMatchObject({ nome: 'João da Conceição', cpf: '11144477735', oe_4000: '25' });
    expect((await cp.info).encoding).toBe('windows-1252');
    const u16 = fromFile('noah-utf16.xml');
    expect(cellsOf((await all(u16.records))[0])).toMatchObject({ nome: 'Márcia Gonçalves', cpf: '39053344705', oe_vo_4000: '55' });
    expect((await u16.info).encoding).toBe('utf-16le');
    const be = decodeXml(Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode('<a>ção</a>', 'utf-16be')]));
    expect(be).toEqual({ text: '<a>ção</a>', encoding: 'utf-16be' });
    expect(decodeXml(Buffer.from([0x3c, 0x61, 0x3e, 0xe7, 0x3c, 0x2f, 0x61, 0x3e])).encoding).toBe('windows-1252'); // undeclared, not UTF-8
  });

  it('reports the problem of a session in pt-BR (two values for a point, a bad date, an unknown sex) and leaves grid checks to the import', async () => {
    const records = await all(fromFile('noah-problemas.xml').records);
    expect(records.map((r) => ('problem' in r ? r.problem : 'ok'))).toEqual([
      'ok',
      'ok', // 22 dB is read as written: the import's entry grid rejects it (tests/cli/import-noah.int.test.ts)
      'Dois valores para o mesmo ponto (OE via aérea 4000 Hz): 25 e 45',
      'Data da ação inválida: "01/02/2022" (ActionDate)',
      'Sexo do paciente ausente ou não reconhecido no Noah (Gender: "Unknown"); use Male/Female',
    ]);
    expect(cellsOf(records[1])).toMatchObject({ od_2000: '22' });
  });

  it('skips points not tested and keeps an unmasked reading only when no masked one exists', async () => {
    const xml = exportWith(
      curve('AirConductorRight', point(500, 10) + point(1000, 15) + point(2000, 90, 'DidNotTest') + point(4000, '120.0', 'NoResponse'))
      + curve('AirConductorRight', point(1000, 25, 'Normal', 45), 'NarrowBandNoise')
      + curve('BoneConductorLeft', point(1000, 20, 'Normal', 50) + point(2000, 30, 'CouldNotTest'))
      + curve('BoneConductorLeft', point(1000, 10)),
    );
    const [r] = await all(fromText(xml).records);
    expect(cellsOf(r)).toEqual({ nome: 'Ana Souza', cpf: '', data_nascimento: '1985-04-12', sexo: 'F', data_exame: '2023-03-10', od_500: '10', od_1000: '25', od_4000: 'NR120', oe_vo_1000: '20' });
  });

  it('takes the CPF only from a value with valid check digits', async () => {
    const patient = (other1: string) => `<pt:FirstName>Ana</pt:FirstName><pt:Gender>F</pt:Gender><pt:DateofBirth>1985-04-12</pt:DateofBirth><pt:NOAHPatientNumber>12345678901</pt:NOAHPatientNumber><pt:Other1>${other1}</pt:Other1>`;
    const [withCpf] = await all(fromText(exportWith(curve('AirConductorLeft', point(500, 10)), patient('529.982.247-25'))).records);
    expect(cellsOf(withCpf)).toMatchObject({ cpf: '52998224725', sexo: 'F' });
    const [without] = await all(fromText(exportWith(curve('AirConductorLeft', point(500, 10)), patient('Convênio 52998224725'))).records);
    expect(cellsOf(without)).toMatchObject({ cpf: '' });
  });

  it('refuses what is not a Noah export with a pt-BR message (exit 2 in the command)', async () => {
    await expect(all(fromText('<a><b></a>').records)).rejects.toThrow(/^XML inválido na linha 1: /);
    await expect(all(fromText('<Patients><Patient><FirstName>Ana</FirstName></Patient></Patients>').records)).rejects.toThrow('Nenhuma ação (<Action>) encontrada');
    await expect(all(fromText(exportWith('')).records)).rejects.toThrow('Nenhum audiograma tonal (ToneThresholdAudiogram) encontrado');
    await expect(all(fromText('  ').records)).rejects.toThrow('Arquivo vazio');
  });
});
