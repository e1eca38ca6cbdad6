/**
 * Reading the rules engine's output stored with an exam (`classification`, the section-10 keys of
 * docs/clinical-rules.md). The server computes everything (core rules); this module only chooses
 * pt-BR labels for the codes.
 */
export type Classification = Record<string, unknown>;
export type Side = 'right' | 'left';

export const NR7_LABELS: Record<string, string> = {
  aceitavel: 'Dentro dos limites aceitáveis (NR-7 Anexo II, item 5.1)',
  sugestivo_painpse: 'Sugestivo de PAINPSE (item 5.2)',
  nao_sugestivo: 'Não sugestivo de PAINPSE (item 5.2.1)',
};

export const nr7Label = (code: unknown) => (typeof code === 'string' ? (NR7_LABELS[code] ?? code) : 'Não classificável (frequências insuficientes)');

export interface Finding {
  code: string;
  message: string;
  item: string;
}

export function findingsOf(c: Classification): Finding[] {
  const list = Array.isArray(c.findings) ? c.findings : Array.isArray(c.exam_findings) ? c.exam_findings : [];
  return list.filter((f): f is Finding => typeof f === 'object' && f !== null && typeof (f as Finding).message === 'string');
}

export const alertsOf = (c: Classification): string[] => (Array.isArray(c.alerts) ? c.alerts.filter((a): a is string => typeof a === 'string') : []);

/** Three-valued rule result as a word: Sim / Não / Indeterminado. */
export const triState = (v: unknown) => (v === true ? 'Sim' : v === false ? 'Não' : 'Indeterminado');

export const num = (c: Classification, key: string): number | null => (typeof c[key] === 'number' ? (c[key] as number) : null);
export const str = (c: Classification, key: string): string | null => (typeof c[key] === 'string' ? (c[key] as string) : null);

export type ExamRole = 'referencia' | 'sequencial' | 'sem_limiares';

/** This exam's place in the worker's history (rules 2026.11-2); null for documents from older rules. */
export const examRoleOf = (c: Classification): ExamRole | null => {
  const role = c.exam_role;
  return role === 'referencia' || role === 'sequencial' || role === 'sem_limiares' ? role : null;
};

const BASIS_TEXT: Record<string, string> = {
  primeiro_exame: 'primeiro exame com limiares (NR-7, Anexo II, item 4.3.1 a)',
  substituido_5_5_1: 'exame sequencial que mostrou desencadeamento/agravamento (NR-7, Anexo II, item 5.5.1)',
  novo_exame_4_2_4: 'novo exame de referência (Portaria 19/98, item 4.2.4)',
};

/** Why an exam is the reference: the rule it follows, or the professional's designation with its reason. */
export function referenceBasisText(basis: unknown, reason?: unknown): string | null {
  if (basis === 'designado') return `designado pelo profissional — motivo: ${typeof reason === 'string' && reason ? reason : 'não informado'}`;
  return typeof basis === 'string' ? (BASIS_TEXT[basis] ?? basis) : null;
}
