import type { Narrative } from '../ports/report-writer';
import type { NexoLevel } from '../rules/nexo-causal/nexo-causal-table';
import { formatDateBr } from '../rules/nr7/calendar';
import { confidenceScore } from './confidence';
import type { EarFacts, ReportFacts } from './report-facts-types';
import { EAR_ABBR, NR7_CLASS_LABEL, PAIRO_LABEL } from './report-labels';

/** The draft JSON stored as the report's draftJson: both draft shapes of spec §3, plus provenance. */
export interface ReportDraft {
  readonly validacao_nr7: { readonly repouso_14h_ok: boolean; readonly equipamento_registrado: boolean; readonly observacoes: string };
  readonly interpretacao_portaria19: {
    /** Classification of the reported exam, per ear (Anexo I / NR-7 Anexo II item 5). */
    readonly exame_a1: string;
    readonly media_3_6_od: number | null;
    readonly media_3_6_oe: number | null;
    /** The patient's exams up to the reported one, oldest first. */
    readonly exames: readonly { readonly data: string; readonly classificacao: string; readonly od_media_3a6khz_db: number | null; readonly oe_media_3a6khz_db: number | null }[];
  };
  readonly interpretacao_exame: string;
  /** Only for the nexo-causal type. */
  readonly nexo_conclusao?: string;
  readonly recomendacoes: readonly string[];
  readonly nexo_causal: {
    /** Suggested level (a suggestion the professional confirms); null for the simple type or without answers. */
    readonly classificacao: NexoLevel | null;
    readonly fundamentos: readonly string[];
    readonly regra: string | null;
    readonly sugestao: true;
    readonly moldura: string | null;
    /** The nine items of CFM 2.323/2022 art. 2º as the physician marked them (status of CFM_ITEM_STATUSES, evidence text). */
    readonly checklist_cfm: readonly { readonly item: string; readonly status: string; readonly evidencia?: string }[];
  };
  readonly faltantes_criticos: readonly string[];
  readonly summary_text: string;
  readonly technical_justification: readonly string[];
  readonly recommendations: readonly string[];
  /** 0–1 from data completeness (confidence.ts). */
  readonly confidence_score: number;
  readonly tipo: ReportFacts['audiometryType'];
  readonly rules_version: string;
  /** 'template' or 'ollama:<model>'. */
  readonly narrative_source: string;
  readonly facts: ReportFacts;
  /**
   * What the rules and the writer produced for the editable fields, as organised (issue 14
   * follow-up): reorganising a stale draft keeps a field the professional changed from this and
   * regenerates the others. Absent in drafts organised before it existed.
   */
  readonly texto_gerado?: GeneratedText;
  /** The physician's "já confirmado" per ear given when organising (NR-7 5.4, I6), to rebuild the same facts later. */
  readonly confirmacao_painpse?: { readonly right?: boolean; readonly left?: boolean };
}

/** The editable fields as generated (see ReportDraft.texto_gerado). */
export interface GeneratedText {
  readonly validacao_nr7: ReportDraft['validacao_nr7'];
  readonly interpretacao_exame: string;
  readonly nexo_conclusao?: string;
  readonly recomendacoes: readonly string[];
  readonly faltantes_criticos: readonly string[];
  readonly summary_text: string;
  readonly technical_justification: readonly string[];
}

/** One ear's classification as the editor shows it ("sugestivo de PAINPSE — PAIRO leve (item 5.2)"). */
export function earClassificationText(ear: Pick<EarFacts, 'nr7Class' | 'pairoGrade'>): string {
  if (ear.nr7Class === null) return 'classificação indeterminada';
  if (ear.nr7Class === 'aceitavel') return `${NR7_CLASS_LABEL.aceitavel} (item 5.1)`;
  if (ear.nr7Class === 'nao_sugestivo') return `${NR7_CLASS_LABEL.nao_sugestivo} (item 5.2.1)`;
  return `${NR7_CLASS_LABEL.sugestivo_painpse}${ear.pairoGrade ? ` — ${PAIRO_LABEL[ear.pairoGrade]}` : ''} (item 5.2)`;
}

const examClassification = (right: Pick<EarFacts, 'nr7Class' | 'pairoGrade'>, left: Pick<EarFacts, 'nr7Class' | 'pairoGrade'>) =>
  `${EAR_ABBR.right}: ${earClassificationText(right)}; ${EAR_ABBR.left}: ${earClassificationText(left)}`;

function validityNotes(facts: ReportFacts): string {
  const notes = facts.validity.findings
    .filter((f) => !(f.code === 'NR7.REST_NOT_RECORDED' && facts.validity.restSource === 'declared'))
    .map((f) => f.message);
  if (facts.validity.restSource === 'declared') {
    notes.unshift(`Repouso auditivo de 14 horas ${facts.validity.restOk ? 'declarado' : 'não cumprido'} no questionário; horas de repouso não registradas no exame.`);
  }
  return notes.length ? notes.join(' ') : 'Sem pendências de validade do exame (NR-7, Anexo II, itens 3.2 a 3.6.1).';
}

/**
 * Assembles the draft: every key of both spec §3 shapes, classes and numbers from `facts`, text
 * from `narrative`, `source` saying who wrote it. `nexo_conclusao` only for the nexo-causal type.
 */
export function buildReportDraft(facts: ReportFacts, narrative: Narrative, source: string): ReportDraft {
  const draft = buildDraftBody(facts, narrative, source);
  const generated: GeneratedText = {
    validacao_nr7: draft.validacao_nr7, interpretacao_exame: draft.interpretacao_exame,
    ...(draft.nexo_conclusao !== undefined ? { nexo_conclusao: draft.nexo_conclusao } : {}),
    recomendacoes: draft.recomendacoes, faltantes_criticos: draft.faltantes_criticos, summary_text: draft.summary_text,
    technical_justification: draft.technical_justification,
  };
  return { ...draft, texto_gerado: generated };
}

function buildDraftBody(facts: ReportFacts, narrative: Narrative, source: string): ReportDraft {
  const nexo = facts.nexo;
  return {
    validacao_nr7: {
      repouso_14h_ok: facts.validity.restOk,
      equipamento_registrado: facts.validity.equipmentOk,
      observacoes: validityNotes(facts),
    },
    interpretacao_portaria19: {
      exame_a1: examClassification(facts.ears.right, facts.ears.left),
      media_3_6_od: facts.ears.right.mean346,
      media_3_6_oe: facts.ears.left.mean346,
      exames: facts.history.map((h) => ({
        data: formatDateBr(h.date),
        classificacao: examClassification(h.right, h.left),
        od_media_3a6khz_db: h.right.mean346,
        oe_media_3a6khz_db: h.left.mean346,
      })),
    },
    interpretacao_exame: narrative.interpretacao_exame,
    ...(facts.audiometryType === 'nexo-causal' ? { nexo_conclusao: narrative.nexo_conclusao ?? '' } : {}),
    recomendacoes: [...narrative.recomendacoes],
    nexo_causal: {
      classificacao: nexo?.level ?? null,
      fundamentos: nexo ? [...nexo.grounds] : [],
      regra: nexo?.rule ?? null,
      sugestao: true,
      moldura: nexo?.frame ?? null,
      checklist_cfm: nexo ? nexo.checklist.map((c) => ({ ...c })) : [],
    },
    faltantes_criticos: facts.missing.map((m) => m.text),
    summary_text: narrative.summary_text,
    technical_justification: [...narrative.technical_justification],
    recommendations: [...narrative.recommendations],
    confidence_score: confidenceScore(facts),
    tipo: facts.audiometryType,
    rules_version: facts.rulesVersion,
    narrative_source: source,
    facts,
  };
}
