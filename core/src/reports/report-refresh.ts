import type { GeneratedText, ReportDraft } from './report-draft';

/** A reorganised draft and the editable fields where the professional's text was kept (pt-BR labels). */
export interface RefreshedDraft {
  readonly draft: ReportDraft;
  readonly keptEdits: readonly string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

type NexoDraft = ReportDraft['nexo_causal'] & { confirmado?: boolean; sugestao_regra?: string | null };

/**
 * Reorganises a stale draft (issue 14 follow-up): every fact, class, comparison and rule-made field
 * comes from `fresh` (built from the records as they are now). An editable field the professional
 * changed from what was generated (`stored.texto_gerado`; for older drafts, from what would be
 * generated now) keeps the professional's text and is named in `keptEdits` so the editor asks for a
 * review; an unchanged one takes the new text. The missing-data list drops what the professional
 * removed and keeps what they added. A confirmed nexo level stays confirmed only while the rules
 * still suggest the level that was confirmed.
 */
export function refreshDraft(stored: ReportDraft, fresh: ReportDraft): RefreshedDraft {
  const generated: Partial<GeneratedText> = stored.texto_gerado ?? fresh.texto_gerado ?? {};
  const kept: string[] = [];
  const pickText = <K extends keyof GeneratedText>(key: K, label: string): GeneratedText[K] | undefined => {
    const mine = (stored as unknown as Record<string, unknown>)[key] as GeneratedText[K] | undefined;
    if (mine === undefined || same(mine, generated[key]) || same(mine, fresh[key as keyof ReportDraft])) return fresh[key as keyof ReportDraft] as GeneratedText[K];
    kept.push(label);
    return mine;
  };

  const interpretacao_exame = pickText('interpretacao_exame', 'Interpretação')!;
  const summary_text = pickText('summary_text', 'Resumo')!;
  const recomendacoes = pickText('recomendacoes', 'Recomendações')!;
  const technical_justification = pickText('technical_justification', 'Justificativa técnica')!;
  const nexo_conclusao = fresh.nexo_conclusao !== undefined ? pickText('nexo_conclusao', 'Conclusão do nexo causal') : undefined;

  // validity: the two flags and the observations, each kept only when the professional changed it
  const gv = generated.validacao_nr7;
  const sv = stored.validacao_nr7;
  const fv = fresh.validacao_nr7;
  const flag = (k: 'repouso_14h_ok' | 'equipamento_registrado') => (gv && sv && sv[k] !== gv[k] ? sv[k] : fv[k]);
  const obsEdited = !!(gv && sv && sv.observacoes !== gv.observacoes && sv.observacoes !== fv.observacoes) || (!gv && !!sv && sv.observacoes !== fv.observacoes);
  const validacao_nr7 = { repouso_14h_ok: flag('repouso_14h_ok'), equipamento_registrado: flag('equipamento_registrado'), observacoes: obsEdited ? sv.observacoes : fv.observacoes };
  if (obsEdited || validacao_nr7.repouso_14h_ok !== fv.repouso_14h_ok || validacao_nr7.equipamento_registrado !== fv.equipamento_registrado) kept.push('Validação NR-7');

  // missing data: what the professional removed stays removed, what they added stays
  const before = new Set(generated.faltantes_criticos ?? fresh.faltantes_criticos);
  const mineMissing = new Set(stored.faltantes_criticos ?? []);
  const removed = [...before].filter((m) => !mineMissing.has(m));
  const added = [...mineMissing].filter((m) => !before.has(m));
  const faltantes_criticos = [...fresh.faltantes_criticos.filter((m) => !removed.includes(m)), ...added.filter((m) => !fresh.faltantes_criticos.includes(m))];
  if (removed.length || added.length) kept.push('Dados críticos faltantes');

  // nexo: the rules' new suggestion; the professional's marks on the nine CFM items stay (same item texts)
  const sn = stored.nexo_causal as NexoDraft;
  const suggestedBefore = sn.confirmado ? sn.sugestao_regra ?? sn.classificacao : sn.classificacao;
  const checklist_cfm = fresh.nexo_causal.checklist_cfm.map((item) => {
    const mine = sn.checklist_cfm?.find((c) => c.item === item.item);
    return mine ? { item: item.item, status: mine.status, ...(mine.evidencia ? { evidencia: mine.evidencia } : {}) } : item;
  });
  let nexo_causal: NexoDraft = { ...fresh.nexo_causal, checklist_cfm };
  if (sn.confirmado === true && suggestedBefore === fresh.nexo_causal.classificacao) {
    nexo_causal = { ...nexo_causal, classificacao: sn.classificacao, confirmado: true, sugestao_regra: fresh.nexo_causal.classificacao };
  } else if (sn.confirmado === true) {
    kept.push('Nível de nexo causal: a sugestão das regras mudou, confirme-o novamente');
  }
  if (checklist_cfm.some((c, i) => !same(c, fresh.nexo_causal.checklist_cfm[i]))) kept.push('Itens da Resolução CFM n.º 2.323/2022');

  const draft: ReportDraft = {
    ...fresh,
    validacao_nr7, interpretacao_exame, summary_text, recomendacoes, technical_justification, faltantes_criticos, nexo_causal,
    // the English mirror of the recommendations follows the pt-BR list (spec §3 draft shapes)
    recommendations: recomendacoes === fresh.recomendacoes ? fresh.recommendations : recomendacoes,
    ...(nexo_conclusao !== undefined ? { nexo_conclusao } : {}),
    texto_gerado: fresh.texto_gerado,
  };
  return { draft, keptEdits: kept };
}
