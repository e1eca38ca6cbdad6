/**
 * Which text governs an exam (clinical-rules §1): Portaria SSST 19/1998 (Anexo I do Quadro II da
 * NR-7) until 2022-01-02; NR-7 Anexo II (Portaria SEPRT 6.734/2020) from 2022-01-03, the date set
 * by Portaria SEPRT 8.873/2021 art. 1º, II.
 */
export type RuleSet = 'portaria19' | 'nr7_anexo_ii';

export const NR7_ANEXO_II_IN_FORCE_FROM = '2022-01-03';

/** Rule set in force on an ISO date (YYYY-MM-DD). */
export function ruleSetOn(date: string): RuleSet {
  return date < NR7_ANEXO_II_IN_FORCE_FROM ? 'portaria19' : 'nr7_anexo_ii';
}

/** How the rule set is cited in pt-BR texts (product.md: "NR-7 Anexo II (antiga Portaria 19/98)"). */
export function citeRuleSet(ruleSet: RuleSet): string {
  return ruleSet === 'nr7_anexo_ii' ? 'NR-7, Anexo II' : 'Portaria 19/98 (Anexo I do Quadro II da NR-7)';
}
