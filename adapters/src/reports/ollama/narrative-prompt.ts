import { EAR_LABEL, formatDateBr, NEXO_LEVEL_LABEL, NR7_CLASS_LABEL, PAIRO_LABEL, type ReportFacts } from '../../../../core/src';
import { formatBoundDb, formatBoundDelta, REFERENCE_BASIS_TEXT } from '../handlebars/laudo-format';

export const NARRATIVE_SYSTEM_PROMPT = [
  'Você redige, em português do Brasil formal, o texto de um laudo audiológico ocupacional.',
  'As classificações, o nível de nexo causal e todos os números já foram calculados pelas regras (NR-7, Anexo II, antiga Portaria 19/98) e estão em FATOS.',
  'Regras obrigatórias: use somente as classificações, o nível de nexo e os números que aparecem em FATOS; não cite outra classificação, outro grau, outro nível de nexo, outra data nem outro número;',
  'não invente dados do trabalhador; use sempre "sugestivo" (nunca diagnóstico conclusivo); o nível de nexo causal é uma sugestão a confirmar pelo profissional;',
  'o diagnóstico e a aptidão são atribuições do médico do trabalho responsável pelo PCMSO (NR-7, Anexo II, item 6).',
  'Responda apenas com o JSON pedido.',
].join(' ');

/**
 * The facts the model receives: classes, numbers and dates the laudo prints, with no identifier
 * (no name, CPF, company or ids), already in pt-BR wording so it can copy rather than compute.
 */
export function modelFacts(facts: ReportFacts) {
  const ear = (side: 'right' | 'left') => {
    const e = facts.ears[side];
    const c = facts.comparison?.[side];
    return {
      orelha: EAR_LABEL[side],
      classificacao_nr7: e.nr7Class ? `${NR7_CLASS_LABEL[e.nr7Class]} (item ${e.nr7Item})` : 'indeterminada',
      opcao_laudo: e.pairoGrade ? PAIRO_LABEL[e.pairoGrade] : null,
      limiares_via_aerea_db: Object.fromEntries(e.air.filter((p) => p.value !== null).map((p) => [`${p.frequency} Hz`, p.noResponse ? `sem resposta em ${p.value} (limiar ≥ ${(p.value ?? 0) + 5})` : p.value])),
      // "≥ x": a lower bound because of a no-response (I11); copy it with the sign
      media_3_4_6_khz_db: formatBoundDb(e.mean346, e.mean346Bound),
      media_500_1000_2000_hz_db: formatBoundDb(e.pta3, e.pta3Bound),
      comparacao_com_referencia: c && {
        classificacao_na_referencia: c.referenceClass ? NR7_CLASS_LABEL[c.referenceClass] : 'indeterminada',
        diferenca_media_3_4_6_khz_db: formatBoundDelta(c.deltaMean346, c.deltaMean346Bound),
        maior_piora_3_4_6_khz_db: formatBoundDelta(c.maxShift346, c.maxShift346Bound),
        desencadeamento: c.desencadeamento, agravamento: c.agravamento, item: c.item, criterios: c.criteria,
      },
    };
  };
  return {
    tipo: facts.audiometryType === 'nexo-causal' ? 'audiometria com avaliação de nexo causal' : 'audiometria simples',
    data_exame: formatDateBr(facts.exam.date),
    data_referencia: facts.comparison ? formatDateBr(facts.comparison.referenceDate) : null,
    exame_de_referencia: facts.exam.isReference,
    motivo_da_referencia: facts.comparison ? REFERENCE_BASIS_TEXT[facts.comparison.referenceBasis] : facts.exam.referenceBasis && REFERENCE_BASIS_TEXT[facts.exam.referenceBasis],
    exame_sem_limiares: facts.exam.withoutThresholds,
    orelhas: [ear('right'), ear('left')],
    pendencias_de_validade: facts.validity.findings.map((f) => f.message),
    dados_faltantes: facts.missing.map((m) => m.text),
    nexo_causal: facts.nexo && {
      nivel_sugerido: NEXO_LEVEL_LABEL[facts.nexo.level],
      fundamentos: facts.nexo.grounds,
    },
  };
}

export function narrativeUserPrompt(facts: ReportFacts): string {
  const nexo = facts.nexo
    ? `"nexo_conclusao": conclusão de nexo causal que declare o nível sugerido "${NEXO_LEVEL_LABEL[facts.nexo.level]}" como sugestão a confirmar pelo profissional.`
    : facts.audiometryType === 'nexo-causal' ? '"nexo_conclusao": diga que a sugestão de nexo não foi calculada por falta das respostas do questionário.' : 'Não inclua "nexo_conclusao".';
  return [
    `FATOS:\n${JSON.stringify(modelFacts(facts), null, 1)}`,
    'Escreva: "interpretacao_exame" (interpretação por orelha e comparação com a referência), "summary_text" (resumo em até 3 frases),',
    '"technical_justification" (uma frase por item), "recomendacoes" (condutas).',
    nexo,
  ].join('\n');
}
