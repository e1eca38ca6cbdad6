const SEX_WORDS: Record<string, string> = { M: 'Masculino', F: 'Feminino', O: 'Outro' };

/** Spec §3: M or F as a word, otherwise 'Não informado' (product.md adds O, Outro). */
export const sexWord = (sex: string | null | undefined) => (sex ? (SEX_WORDS[sex] ?? 'Não informado') : 'Não informado');

export { formatDate, formatDateTime, formatDay } from '../../lib/dates';

/** Spec §3: 'CRM-STATE' when both, else the CRM, else operatorRegistration, else '-'. */
export function operatorRegistration(exam: { operatorCrm: string | null; operatorCrmState: string | null; operatorRegistration: string | null }): string {
  if (exam.operatorCrm && exam.operatorCrmState) return `${exam.operatorCrm}-${exam.operatorCrmState}`;
  return exam.operatorCrm || exam.operatorRegistration || '-';
}

/** A dB value with a decimal comma, at most one decimal: "12,5 dB"; "≥ 45 dB" with a 'min' bound; '—' when unknown. */
export { boundedDb as db } from '../../lib/bounded-db';

/** Today as YYYY-MM-DD in the user's time zone (default exam date). */
export function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
