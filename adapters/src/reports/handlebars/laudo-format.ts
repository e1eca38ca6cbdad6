import { formatDateBr, formatDb, formatDelta, type ComparisonFacts, type EarFacts } from '../../../../core/src';

/** 'min' / 'max' when a figure is a bound because of a no-response (clinical-rules I11), null when exact. */
export type Bound = EarFacts['mean346Bound'];
export type ReferenceBasis = ComparisonFacts['referenceBasis'];

const prefix = (bound: Bound) => (bound === 'min' ? '≥ ' : bound === 'max' ? '≤ ' : '');

/** A dB value as the laudo prints it: "41,7", "≥ 45" (lower bound), "≤ 15" (upper bound); "—" only when unknown. */
export function formatBoundDb(value: number | null | undefined, bound: Bound, decimals = 1): string {
  return value === null || value === undefined ? '—' : `${prefix(bound)}${formatDb(value, decimals)}`;
}

/** A signed dB difference with its bound: "+11,7", "≥ +20", "≤ -5"; "—" only when unknown. */
export function formatBoundDelta(value: number | null | undefined, bound: Bound, decimals = 1): string {
  return value === null || value === undefined ? '—' : `${prefix(bound)}${formatDelta(value, decimals)}`;
}

/** Why an exam is the reference, in pt-BR (without the professional's reason, which the laudo prints apart). */
export const REFERENCE_BASIS_TEXT: Record<ReferenceBasis, string> = {
  primeiro_exame: 'primeiro exame com limiares do trabalhador (NR-7, Anexo II, item 4.3.1 a)',
  substituido_5_5_1: 'exame sequencial que mostrou desencadeamento ou agravamento e passou a ser a referência (NR-7, Anexo II, item 5.5.1)',
  novo_exame_4_2_4: 'novo exame realizado nas condições do exame de referência após desencadeamento ou agravamento (Portaria 19/98, item 4.2.4)',
  designado: 'designado pelo profissional',
};

/** "11/03/2025 — primeiro exame com limiares…", with ": <motivo>" for a designated reference. */
export function referenceLine(date: string, basis: ReferenceBasis | null, reason: string | null): string {
  const why = basis ? REFERENCE_BASIS_TEXT[basis] : 'exame de referência';
  return `${formatDateBr(date)} — ${why}${basis === 'designado' && reason ? `: ${reason}` : ''}`;
}
