import {
  EAR_ABBR, earClassificationText, reviewedItems, reviewedParagraphs, reviewedSummary, formatCnpj, formatDateBr, formatDb, formatVerificationCode, joinPt, LAUDO_DISCLAIMER, NEXO_LEVEL_LABEL, NORM_CITATION, NR7_CLASS_LABEL, PAIRO_LABEL,
  type EarFacts, type HistoryEntry, type LaudoDocument, type LaudoSignatureStamp, type ReportFacts, type Side, type ThresholdPoint,
} from '../../../../core/src';
import { audiogramSvg } from '../svg/audiogram-svg';
import { formatBoundDb, formatBoundDelta, referenceLine } from './laudo-format';

const FREQS = [250, 500, 1000, 2000, 3000, 4000, 6000, 8000];
const FREQ_LABELS = ['250', '500', '1k', '2k', '3k', '4k', '6k', '8k'];
const LLOYD: Record<string, string> = { normal: 'Normal', leve: 'Leve', moderado: 'Moderado', moderadamente_severo: 'Moderadamente severo', severo: 'Severo', profundo: 'Profundo' };
const LOSS_TYPE: Record<string, string> = { normal: 'Normal', condutiva: 'Condutiva', sensorioneural: 'Sensorioneural', mista: 'Mista', indeterminado: 'Indeterminado' };
const tri = (v: boolean | null) => (v === true ? 'Sim' : v === false ? 'Não' : 'Indeterminado');
const orDash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : String(v));
const dateOrDash = (d: string | null | undefined) => (d ? formatDateBr(d) : '—');

function cells(points: readonly ThresholdPoint[]): string[] {
  return FREQS.map((f) => {
    const p = points.find((q) => q.frequency === f);
    if (!p || p.value === null) return '—';
    return p.noResponse ? `${p.value}↓` : formatDb(p.value, 1);
  });
}

const dB = (text: string) => (text === '—' ? text : `${text} dB`);

function classLine(e: EarFacts) {
  return {
    ear: EAR_ABBR[e.side],
    cls: e.nr7Class ? NR7_CLASS_LABEL[e.nr7Class] : 'Indeterminada',
    item: e.nr7Item ? `Item ${e.nr7Item}` : '—',
    pairo: e.pairoGrade === 'normal' ? 'Normal (até 25 dB)' : e.pairoGrade ? PAIRO_LABEL[e.pairoGrade] : '—',
    mean346: dB(formatBoundDb(e.mean346, e.mean346Bound)),
    pta3: dB(formatBoundDb(e.pta3, e.pta3Bound)),
    lloyd: e.lloydKaplan ? LLOYD[e.lloydKaplan] : '—',
    severity: orDash(e.severity),
    lossType: e.lossType ? LOSS_TYPE[e.lossType] : 'Sem via óssea',
    suggestive: e.nr7Class === 'sugestivo_painpse',
  };
}

const ROLE_LABEL: Record<HistoryEntry['role'], string> = { referencia: 'referência', sequencial: 'sequencial', sem_limiares: 'sem limiares' };

function historyRow(h: HistoryEntry) {
  const none = h.role === 'sem_limiares';
  return {
    data: formatDateBr(h.date) + (h.isReported ? ' (este exame)' : ''),
    role: ROLE_LABEL[h.role],
    classificacao: none ? 'sem limiares' : `${EAR_ABBR.right}: ${earClassificationText(h.right)}; ${EAR_ABBR.left}: ${earClassificationText(h.left)}`,
    od: none ? '—' : formatBoundDb(h.right.mean346, h.right.mean346Bound),
    oe: none ? '—' : formatBoundDb(h.left.mean346, h.left.mean346Bound),
  };
}

/** "Exame de referência: <date> — <why>" for the reported exam (the reference in force, or itself). */
function referenceOf(facts: ReportFacts): string {
  const c = facts.comparison;
  if (c) return `Exame de referência: ${referenceLine(c.referenceDate, c.referenceBasis, c.referenceDesignationReason)}.`;
  if (facts.exam.isReference) return `Exame de referência: este exame, ${referenceLine(facts.exam.date, facts.exam.referenceBasis, facts.exam.referenceDesignationReason)}.`;
  if (facts.exam.withoutThresholds) return 'Exame sem limiares de via aérea registrados: não é classificado, não é comparado e não serve de exame de referência.';
  return 'Exame de referência não definido.';
}

const paragraphs = (text: string | null | undefined) => (typeof text === 'string' ? text : '').split('\n').map((t) => t.trim()).filter(Boolean);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && s.trim() !== '') : []);

/** The clinic header: Configurações → Clínica when given, else the organisation name the draft was built with. */
function clinicOf(doc: LaudoDocument) {
  const c = doc.clinic;
  const contact = [c?.phone, c?.email].filter((v): v is string => !!v).join(' · ');
  return {
    name: c?.name ?? doc.facts.organizationName,
    cnpj: formatCnpj(c?.cnpj),
    address: c?.address ?? null,
    contact: contact || null,
    // PNG/JPEG only (sniffed by the core): a data URI keeps the page self-contained
    logo: c?.logo ? `data:${c.logo.mimeType};base64,${Buffer.from(c.logo.bytes).toString('base64')}` : null,
  };
}

/** The exam's clinical fields (anamnese, meatoscopia, masking, speech audiometry), each only when recorded. */
function clinicalOf(facts: ReportFacts) {
  const e = facts.exam;
  const s = e.speechTest;
  const hasSpeech = !!s && [s.srtRe, s.srtLe, s.wrsRe, s.wrsLe].some((v) => v !== null && v !== undefined);
  const n = (v: number | null | undefined, unit: string) => (v === null || v === undefined ? '—' : `${formatDb(v)} ${unit}`);
  const meato = e.meatoscopia && (e.meatoscopia.od || e.meatoscopia.oe) ? { od: e.meatoscopia.od || '—', oe: e.meatoscopia.oe || '—' } : null;
  const out = {
    anamnese: paragraphs(e.anamnese),
    meatoscopia: meato,
    mascaramento: e.mascaramento?.trim() || null,
    speech: hasSpeech ? [
      { ear: 'OD', srt: n(s!.srtRe, 'dB'), wrs: n(s!.wrsRe, '%') },
      { ear: 'OE', srt: n(s!.srtLe, 'dB'), wrs: n(s!.wrsLe, '%') },
    ] : null,
  };
  return { ...out, any: out.anamnese.length > 0 || !!out.meatoscopia || !!out.mascaramento || !!out.speech };
}

/** The CFM 2.323/2022 art. 2º items as the physician marked them, numbered, and which were evaluated. */
function checklistOf(draft: LaudoDocument['draft']) {
  const items = (draft.nexo_causal?.checklist_cfm ?? []).map((c, i) => ({ n: i + 1, item: c.item, status: c.status, evidencia: c.evidencia?.trim() || null }));
  const evaluated = items.filter((c) => c.status === 'avaliado');
  const statement = evaluated.length === 0
    ? 'Nenhum dos itens do art. 2º da Resolução CFM n.º 2.323/2022 foi registrado como avaliado pelo médico.'
    : `Itens do art. 2º da Resolução CFM n.º 2.323/2022 avaliados pelo médico: ${joinPt(evaluated.map((c) => String(c.n)))} (${evaluated.length} de ${items.length}).`;
  return { items, evaluatedCount: evaluated.length, statement };
}

/** Rest: the draft's yes/no (the professional may correct it) with the hours recorded on the exam, or where the answer came from. */
function restOf(facts: ReportFacts, draft: LaudoDocument['draft']): string {
  const ok = draft.validacao_nr7?.repouso_14h_ok === true ? 'Sim' : 'Não';
  const h = facts.exam.restHours;
  if (h !== null && h !== undefined) return `${ok} (${formatDb(h)} h registradas no exame)`;
  return facts.validity.restSource === 'declared' ? `${ok} (declarado no questionário; horas não registradas no exame)` : `${ok} (horas não registradas no exame)`;
}

/** Everything laudo.hbs prints, formatted (pt-BR). User text stays raw here: the template escapes it. */
export function laudoView(doc: LaudoDocument) {
  const { facts, draft } = doc;
  const c = facts.comparison;
  const confirmed = confirmedNexo(draft);
  const review = { confirmedNexoLabel: facts.nexo && confirmed ? NEXO_LEVEL_LABEL[confirmed] : null, missingCount: strings(draft.faltantes_criticos).length };
  const earComparison = (side: Side) => {
    const e = c?.[side];
    if (!c || !e) return null;
    const result = e.desencadeamento === true ? `Sugestivo de desencadeamento de PAINPSE (item ${e.item}, critério ${joinPt(e.criteria)})`
      : e.agravamento === true ? `Sugestivo de agravamento da PAINPSE (item 5.4, critério ${joinPt(e.criteria)})`
      : e.desencadeamento === null || e.agravamento === null ? 'Indeterminado (frequência sem resposta ou não medida)' : 'Sem desencadeamento ou agravamento';
    return {
      ear: EAR_ABBR[side],
      refClass: e.referenceClass ? NR7_CLASS_LABEL[e.referenceClass] : 'Indeterminada',
      refMean: formatBoundDb(e.referenceMean346, e.referenceMean346Bound),
      d346: formatBoundDelta(e.deltaMean346, e.deltaMean346Bound), d0512: formatBoundDelta(e.deltaMean0512, e.deltaMean0512Bound),
      max346: formatBoundDelta(e.maxShift346, e.maxShift346Bound), maxAny: formatBoundDelta(e.maxShiftAny, e.maxShiftAnyBound),
      result, triggered: e.desencadeamento === true || e.agravamento === true,
      confirmed: e.confirmedByProfessional,
    };
  };
  const nexo = facts.nexo;
  const issuedOn = doc.issuedOn ?? facts.today;
  const signer = doc.signer ?? facts.professional;
  return {
    title: facts.audiometryType === 'nexo-causal' ? 'Laudo Audiológico Ocupacional com Avaliação de Nexo Causal' : 'Laudo Audiológico Ocupacional',
    norm: NORM_CITATION,
    draftMark: (doc.status ?? 'Draft') === 'Draft',
    clinic: clinicOf(doc),
    clinical: clinicalOf(facts),
    // the sentences stating the review state follow the reviewed fields, not the prose as first written
    summary: reviewedSummary(draft.summary_text, review, facts.audiometryType === 'nexo-causal'),
    reportId: doc.reportId ?? null,
    patient: {
      name: facts.patient.name, cpf: orDash(facts.patient.cpf), age: facts.patient.age === null ? '—' : `${facts.patient.age} anos`,
      sex: facts.patient.sexLabel, birth: dateOrDash(facts.patient.birthDate), company: orDash(facts.patient.company), job: orDash(facts.patient.jobTitle),
    },
    exam: {
      date: formatDateBr(facts.exam.date), consultation: joinPt([facts.exam.consultationType, facts.exam.consultationReason].filter((v): v is string => !!v)) || '—',
      operator: facts.exam.operatorName, registration: facts.exam.operatorRegistration,
      noise: facts.exam.ambientNoiseDb === null ? 'não informado' : `${formatDb(facts.exam.ambientNoiseDb)} dB`, transducer: orDash(facts.exam.transducer),
      calibration: dateOrDash(facts.exam.calibrationDate),
      observacoes: paragraphs(facts.exam.observacoes),
    },
    svg: audiogramSvg(facts.ears.right, facts.ears.left),
    freqLabels: FREQ_LABELS,
    thresholdRows: [
      { label: 'OD — via aérea', cls: 'od', cells: cells(facts.ears.right.air) },
      ...(facts.ears.right.bone.length ? [{ label: 'OD — via óssea', cls: 'od', cells: cells(facts.ears.right.bone) }] : []),
      { label: 'OE — via aérea', cls: 'oe', cells: cells(facts.ears.left.air) },
      ...(facts.ears.left.bone.length ? [{ label: 'OE — via óssea', cls: 'oe', cells: cells(facts.ears.left.bone) }] : []),
    ],
    // one source for each fact: the draft the professional reviewed (rest, equipment, observations)
    validity: {
      rest: restOf(facts, draft), equipment: draft.validacao_nr7?.equipamento_registrado ? 'Sim' : 'Não',
      notes: paragraphs(draft.validacao_nr7?.observacoes),
    },
    classes: [classLine(facts.ears.right), classLine(facts.ears.left)],
    reference: referenceOf(facts),
    comparison: c && {
      referenceDate: formatDateBr(c.referenceDate), ears: [earComparison('right'), earComparison('left')],
      worker: `Desencadeamento: ${tri(c.desencadeamento)} · Agravamento: ${tri(c.agravamento)}`,
      newReference: c.newReferenceExamRequired ? 'Novo exame em condições de referência necessário (Portaria 19/98, item 4.2.4).'
        : c.newReferenceDate !== c.referenceDate ? `Exame de referência em vigor a partir deste exame: ${formatDateBr(c.newReferenceDate)} (item 5.5.1).`
        : `Exame de referência mantido: ${formatDateBr(c.referenceDate)}.`,
    },
    history: facts.history.map(historyRow),
    interpretation: paragraphs(draft.interpretacao_exame),
    isNexoType: facts.audiometryType === 'nexo-causal',
    nexo: nexo && {
      level: NEXO_LEVEL_LABEL[nexo.level], rule: nexo.rule, grounds: draft.nexo_causal.fundamentos, frame: nexo.frame,
      checklist: checklistOf(draft),
      // product decision 5: the professional confirms or changes the suggested level before signing
      confirmed: confirmedNexo(draft) !== null,
      confirmedLevel: confirmedNexo(draft) && NEXO_LEVEL_LABEL[confirmedNexo(draft)!],
      changed: confirmedNexo(draft) !== null && confirmedNexo(draft) !== nexo.level,
    },
    nexoConclusion: reviewedParagraphs(draft.nexo_conclusao, review),
    recommendations: reviewedItems(strings(draft.recomendacoes), review),
    missing: strings(draft.faltantes_criticos),
    confidence: `${Math.round(draft.confidence_score * 100)}%`,
    source: draft.narrative_source === 'template' ? 'modelos de texto (Handlebars)' : `modelo local ${draft.narrative_source.replace(/^ollama:/, '')} (verificado contra as regras)`,
    rulesVersion: facts.rulesVersion,
    disclaimer: LAUDO_DISCLAIMER,
    // the finalising professional signs (issue 18); a draft names its drafter
    professional: {
      name: signer.name, type: orDash(signer.typeLabel), registry: signer.registry ?? 'Registro profissional não informado',
      specialization: signer.specialization,
    },
    draftedBy: doc.draftedBy ? (doc.draftedBy.registry ? `${doc.draftedBy.name} (${doc.draftedBy.registry})` : doc.draftedBy.name) : null,
    place: doc.city ? `${doc.city}, ${formatDateBr(issuedOn)}` : formatDateBr(issuedOn),
    // issue 20: how the finalised version is signed, its verification code, and what an amendment corrects
    verificationCode: doc.verificationCode ? formatVerificationCode(doc.verificationCode) : null,
    stamp: doc.signature ? stampOf(doc.signature, signer) : null,
    amendment: doc.amendment ? {
      version: doc.amendment.version, reason: doc.amendment.reason, previousVersion: doc.amendment.supersedes.version,
      previousIssued: doc.amendment.supersedes.finalizedAt ? formatDateTimeBr(doc.amendment.supersedes.finalizedAt) : null,
      previousCode: doc.amendment.supersedes.verificationCode ? formatVerificationCode(doc.amendment.supersedes.verificationCode) : null,
    } : null,
  };
}

/** The signature stamp printed beside the signature line (issue 20). */
function stampOf(signature: LaudoSignatureStamp, signer: { name: string; registry: string | null }) {
  const when = formatDateTimeBr(signature.signedAt);
  return signature.kind === 'icp'
    ? { icp: true, title: 'Documento assinado digitalmente (ICP-Brasil, PAdES)', lines: [`Certificado: ${signature.certificateSubject}`, `Emitido por: ${signature.certificateIssuer} · série ${signature.certificateSerial}`, `Assinado por ${signer.name}${signer.registry ? ` (${signer.registry})` : ''} em ${when}`] }
    : { icp: false, title: 'Assinatura eletrônica simples', lines: [`Finalizado por ${signer.name}${signer.registry ? ` (${signer.registry})` : ''} em ${when}, autenticado no sistema Limiar.`, 'Este documento não contém assinatura digital com certificado ICP-Brasil.'] };
}

/** "2026-11-25T14:03:00.000Z" → "25/11/2026 11:03 (horário de Brasília)". */
function formatDateTimeBr(iso: string): string {
  const d = new Date(iso);
  const parts = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(d);
  return `${parts.replace(',', '')} (horário de Brasília)`;
}

/** The level the professional confirmed or chose in the editor, when they did (draft.nexo_causal.confirmado). */
function confirmedNexo(draft: LaudoDocument['draft']): keyof typeof NEXO_LEVEL_LABEL | null {
  const n = draft.nexo_causal as { classificacao: string | null; confirmado?: boolean };
  return n.confirmado === true && n.classificacao && n.classificacao in NEXO_LEVEL_LABEL ? (n.classificacao as keyof typeof NEXO_LEVEL_LABEL) : null;
}
