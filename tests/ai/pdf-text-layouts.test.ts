import { describe, expect, it } from 'vitest';
import { PdfTextAudiogramReader } from '../../adapters/src/ai/pdf-text/pdf-text-audiogram-reader';
import { diffAgainstTruth } from '../fixtures/audiogram-generator/ground-truth';
import { allPdfLayouts, renderLayout } from '../fixtures/audiogram-generator/pdf-layouts';
import { writeTextPdf } from '../fixtures/audiogram-generator/pdf-writer';
import { prng } from '../fixtures/audiogram-generator/prng';
import { thresholdSets } from '../fixtures/audiogram-generator/threshold-sets';

const reader = new PdfTextAudiogramReader();
/** Six sets per layout (NHANES air-only and random sets with bone and NR), each with its own spellings. */
const SETS = thresholdSets(6, 1707);

describe('PdfTextAudiogramReader on every generated layout (wrapped headers, kHz, charts beside the table)', () => {
  it.each(allPdfLayouts().flatMap((layout) => SETS.map((set, i) => [layout, i, set] as const)))('layout %s, set %i reads exactly the ground truth', async (layout, i, set) => {
    const bytes = writeTextPdf([renderLayout(layout, set, prng(100 * i + layout.charCodeAt(0)))]);
    const outcome = await reader.read({ bytes, mediaType: 'application/pdf', fileName: `${layout}.pdf` });
    expect(outcome.status === 'read' ? diffAgainstTruth(set, outcome.reading) : outcome).toEqual([]);
    expect(outcome.status === 'read' && outcome.reading.observations.filter((o) => o.startsWith('Célula'))).toEqual([]);
  });
});
