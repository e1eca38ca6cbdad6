import { describe, expect, it } from 'vitest';
import { PdfTextAudiogramReader } from '../../adapters/src/ai/pdf-text/pdf-text-audiogram-reader';
import { PDF_LAYOUTS, prng, randomThresholdSet, renderLayout, writeTextPdf, type FixturePatient } from '../fixtures/audiogram-generator';
import type { PdfText } from '../fixtures/audiogram-generator/pdf-writer';

const reader = new PdfTextAudiogramReader();
const read = async (bytes: Uint8Array) => {
  const outcome = await reader.read({ bytes, mediaType: 'application/pdf', fileName: 'exame.pdf' });
  if (outcome.status !== 'read') throw new Error(`not read: ${outcome.status}`);
  return outcome.reading;
};
const set = randomThresholdSet(prng(3), 1);
const pdfOf = (layout: (typeof PDF_LAYOUTS)[number], patient?: FixturePatient, seed = 5) => writeTextPdf([renderLayout(layout, set, prng(seed), patient)]);

describe('PdfTextAudiogramReader: the patient the PDF names', () => {
  const joao: FixturePatient = { name: 'João Pedro Araújo', cpf: '52998224725', birthDate: '1979-08-30' };
  const variants: [string, (typeof PDF_LAYOUTS)[number], FixturePatient][] = [
    ['Paciente:, CPF formatted, Data de nasc.', 'A', { ...joao, nameLabel: 'Paciente:', cpfStyle: 'formatted', birthLabel: 'Data de nasc.:' }],
    ['Nome:, CPF as digits, Data de nascimento', 'C', { ...joao, nameLabel: 'Nome:', cpfStyle: 'digits', birthLabel: 'Data de nascimento:' }],
    ['Nome do paciente (label cell), Nascimento', 'A', { ...joao, nameLabel: 'Nome do paciente', birthLabel: 'Nascimento:' }],
    ['English Patient:, DOB', 'B', { ...joao, nameLabel: 'Patient:', birthLabel: 'DOB:' }],
    ['English section layout', 'D', { ...joao, nameLabel: 'Patient:', cpfStyle: 'digits', birthLabel: 'DOB:' }],
  ];
  it.each(variants)('%s', async (_, layout, patient) => {
    const reading = await read(pdfOf(layout, patient));
    expect(reading.identity).toEqual({ name: 'João Pedro Araújo', cpf: '52998224725', birthDate: '1979-08-30' });
  });

  it('states only what the PDF prints (name only), never the exam date as birth date', async () => {
    const reading = await read(pdfOf('A', { name: 'Ana Paula Souza Lima' }));
    expect(reading.identity).toEqual({ name: 'Ana Paula Souza Lima' });
  });

  it('has no identity when the PDF names nobody', async () => {
    expect((await read(pdfOf('A'))).identity).toBeUndefined();
    expect((await read(pdfOf('B'))).identity).toBeUndefined();
  });

  it('cuts a name printed on one line with other fields, and rejects an impossible birth date', async () => {
    const extra: PdfText[] = [
      { x: 40, y: 780, size: 9, text: 'Nome: MARIA DAS GRAÇAS DE OLIVEIRA  Idade: 52 anos' },
      { x: 40, y: 738, size: 9, text: 'CPF nº 111.444.777-35   D.N.: 31/02/1970' },
    ];
    const page = renderLayout('A', set, prng(5));
    const reading = await read(writeTextPdf([{ ...page, texts: [...page.texts, ...extra] }]));
    expect(reading.identity).toEqual({ name: 'MARIA DAS GRAÇAS DE OLIVEIRA', cpf: '11144477735' });
  });
});
