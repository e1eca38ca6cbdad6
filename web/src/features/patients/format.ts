const SEX_WORDS: Record<string, string> = { M: 'Masculino', F: 'Feminino', O: 'Outro' };

/** The stored sex code as a word (product.md: "shown as a word"). */
export const sexWord = (sex: string | null | undefined) => (sex ? (SEX_WORDS[sex] ?? sex) : 'Não informado');

export { formatDate, formatDay } from '../../lib/dates';

/** "34 anos" / "1 ano" / "-". */
export const ageText = (age: number | null | undefined) => (age === null || age === undefined ? '-' : `${age} ${age === 1 ? 'ano' : 'anos'}`);

/** Progressive CPF mask 000.000.000-00 over the typed digits (max 11). */
export function maskCpf(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 11);
  return d
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}

/** The operator's registration as spec §3 shows it: CRM-STATE, else CRM, else registration, else '-'. */
export function operatorRegistration(exam: { operatorCrm: string | null; operatorCrmState: string | null; operatorRegistration: string | null }): string {
  if (exam.operatorCrm && exam.operatorCrmState) return `${exam.operatorCrm}-${exam.operatorCrmState}`;
  return exam.operatorCrm || exam.operatorRegistration || '-';
}
