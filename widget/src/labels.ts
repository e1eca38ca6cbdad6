import { formatDateBr } from '../../core/src';

/** pt-BR labels of the NR-7 ear classification codes the server sends (core's Nr7Classification). */
const NR7_LABELS: Record<string, string> = {
  aceitavel: 'Dentro dos limites aceitáveis (NR-7, item 5.1)',
  sugestivo_painpse: 'Sugestivo de PAINPSE (item 5.2)',
  nao_sugestivo: 'Não sugestivo de PAINPSE (item 5.2.1)',
};

export const nr7Label = (code: unknown) => (typeof code === 'string' ? (NR7_LABELS[code] ?? code) : 'Não classificável');

const SEX_LABELS: Record<string, string> = { M: 'Masculino', F: 'Feminino', O: 'Outro' };
export const sexLabel = (sex: string) => SEX_LABELS[sex] ?? sex;

export const dateBr = (iso: string) => formatDateBr(iso.slice(0, 10));

/** Whole dB, as the spec displays PTA (§9); '—' when not computable. */
export const wholeDb = (v: number | null) => (v === null ? '—' : `${Math.round(v)} dB`);
