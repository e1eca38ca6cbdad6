import type { ReadOutcome } from '../../../../core/src/ports/audiogram-reader';

export async function readChartPicture(bytes: Uint8Array): Promise<ReadOutcome> {
  void bytes;
  return { status: 'not_applicable', reason: 'Leitura de gráfico ainda não implementada.' };
}
