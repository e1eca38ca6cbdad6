/**
 * The occupational type of an exam (NR-7 item 7.5.6, plus the *monitoração pontual* of eSocial's
 * tpExameOcup). Stored and sent as the code; `EXAM_TYPE_LABELS` is the pt-BR text; `esocial` is the
 * tpExameOcup value of event S-2220 (Tabela de tipos de exame ocupacional) for the interoperability issue.
 */
export const EXAM_TYPES = ['admissional', 'periodico', 'retorno_trabalho', 'mudanca_riscos', 'demissional', 'monitoracao_pontual'] as const;
export type ExamType = (typeof EXAM_TYPES)[number];

export const EXAM_TYPE_LABELS: Record<ExamType, string> = {
  admissional: 'Admissional',
  periodico: 'Periódico',
  retorno_trabalho: 'Retorno ao trabalho',
  mudanca_riscos: 'Mudança de riscos ocupacionais',
  demissional: 'Demissional',
  monitoracao_pontual: 'Monitoração pontual',
};

export const EXAM_TYPE_ESOCIAL: Record<ExamType, number> = {
  admissional: 0,
  periodico: 1,
  retorno_trabalho: 2,
  mudanca_riscos: 3,
  monitoracao_pontual: 4,
  demissional: 9,
};

export const INVALID_EXAM_TYPE_MESSAGE = 'Tipo de exame inválido: use admissional, periódico, retorno ao trabalho, mudança de riscos ocupacionais, demissional ou monitoração pontual.';

export function isExamType(v: unknown): v is ExamType {
  return typeof v === 'string' && (EXAM_TYPES as readonly string[]).includes(v);
}

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

const ALIASES: Record<string, ExamType> = {
  admissional: 'admissional', admissao: 'admissional', adm: 'admissional', '0': 'admissional',
  periodico: 'periodico', periodica: 'periodico', per: 'periodico', '1': 'periodico',
  'retorno trabalho': 'retorno_trabalho', 'retorno ao trabalho': 'retorno_trabalho', retorno: 'retorno_trabalho', '2': 'retorno_trabalho',
  'mudanca riscos': 'mudanca_riscos', 'mudanca de riscos': 'mudanca_riscos', 'mudanca de riscos ocupacionais': 'mudanca_riscos',
  'mudanca de funcao': 'mudanca_riscos', 'mudanca funcao': 'mudanca_riscos', mudanca: 'mudanca_riscos', '3': 'mudanca_riscos',
  'monitoracao pontual': 'monitoracao_pontual', monitoracao: 'monitoracao_pontual', pontual: 'monitoracao_pontual', '4': 'monitoracao_pontual',
  demissional: 'demissional', demissao: 'demissional', dem: 'demissional', '9': 'demissional',
};

/**
 * The exam type a person or another system wrote: the code, the pt-BR label, the wizard's
 * occupational reasons (spec §5: Admissional, Periódica, Retorno ao trabalho, Mudança de função,
 * Demissional) or the eSocial tpExameOcup number, without regard to case, accents or separators;
 * undefined when it is none of them.
 */
export function parseExamType(raw: string): ExamType | undefined {
  if (isExamType(raw)) return raw;
  return ALIASES[fold(raw.replace(/_/g, ' '))];
}
