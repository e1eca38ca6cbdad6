import type { Ear } from '../../audiogram/audiogram';
import { isAirFrequency, isBoneFrequency } from '../../audiogram/frequencies';
import type { ImportCells } from '../../imports/import-row';
import { DomainError } from '../../shared/domain-error';
import type { ImportRecord } from '../../use-cases/imports/import-exams';
import {
  AUDIOGRAM_PANEL, CPF_SYSTEM_ALIASES, LIMIAR_AUDIOMETRY_SYSTEM, LOCAL_THRESHOLD_CODE, LOINC, LOINC_THRESHOLD_BY_CODE, NO_RESPONSE_INTERPRETATION,
  NR7_CLASSIFICATION_CODE, NR7_COMPARISON_CODE, type FhirConduction as Conduction,
} from './fhir-codes';

/** The file is not a FHIR Bundle at all (exit 2: nothing is imported). */
export class FhirBundleUnreadableError extends DomainError {
  readonly code = 'FHIR.UNREADABLE';
  constructor(detail: string) {
    super(`O arquivo não é um Bundle FHIR R4 em JSON: ${detail}`);
  }
}

/** One entry of the bundle as the error file repeats it. */
export interface FhirEntryRow {
  /** Entry number, 1-based (`Bundle.entry[n - 1]`). */
  line: number;
  /** resourceType, id (or fullUrl) and a short description. */
  cells: readonly string[];
  reason?: string;
}

/** What `readFhirBundle` gives the import pipeline. */
export interface FhirBundleReading {
  /** One record per exam (the cells of docs/csv-format.md), and one problem per entry that is not imported; in entry order. */
  records: ImportRecord[];
  /** The entries behind a record's line (an exam: its panel or first threshold). */
  rowsOf(line: number): readonly FhirEntryRow[];
  /** Entries recognised and deliberately not imported (classification, laudo, a worker without exams), in pt-BR. */
  notes: string[];
  /** Exams found. */
  exams: number;
}

export const FHIR_ERROR_COLUMNS = ['recurso', 'id', 'descricao'] as const;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const codings = (concept: unknown): Json[] => (isObject(concept) ? arr(concept.coding).filter(isObject) : []);
const hasCode = (concept: unknown, system: string, code: string) => codings(concept).some((c) => c.system === system && c.code === code);
const codeList = (concept: unknown) => codings(concept).map((c) => `${str(c.system) ?? '?'}|${str(c.code) ?? '?'}`).join(', ') || (isObject(concept) ? str(concept.text) ?? '' : '');

const EAR_PT: Record<Ear, string> = { right: 'orelha direita', left: 'orelha esquerda' };
const SIDE: Record<Ear, string> = { right: 'od', left: 'oe' };
const GENDER_SEX: Record<string, string> = { male: 'M', female: 'F', other: 'O' };
const IMPORTABLE_STATUS = new Set(['final', 'amended', 'corrected', 'preliminary']);

interface PatientInfo {
  line: number;
  cells: Record<string, string>;
}

interface ThresholdPoint {
  line: number;
  ear: Ear;
  conduction: Conduction;
  hz: number;
  text: string;
  date?: string;
  subject?: string;
}

interface ExamGroup {
  line: number;
  date?: string;
  subject?: string;
  points: ThresholdPoint[];
  panelLine?: number;
}

/** Ear, conduction and frequency of a threshold observation: Limiar's local code first, else the LOINC code (+ method). */
function thresholdKind(obs: Json): { ear: Ear; conduction: Conduction; hz: number } | undefined {
  for (const c of codings(obs.code)) {
    if (c.system !== LIMIAR_AUDIOMETRY_SYSTEM) continue;
    const m = LOCAL_THRESHOLD_CODE.exec(str(c.code) ?? '');
    if (m) return { conduction: m[1] === 'va' ? 'air' : 'bone', ear: m[2] === 'od' ? 'right' : 'left', hz: Number(m[3]) };
  }
  for (const c of codings(obs.code)) {
    if (c.system !== LOINC) continue;
    const known = LOINC_THRESHOLD_BY_CODE.get(str(c.code) ?? '');
    if (!known) continue;
    // LOINC's hearing-threshold codes state no method: air unless the observation's method says bone
    const method = [...codings(obs.method).map((m) => `${str(m.code) ?? ''} ${str(m.display) ?? ''}`), isObject(obs.method) ? str(obs.method.text) ?? '' : ''].join(' ');
    const bone = /via-ossea|[oó]ssea|\bbone\b/i.test(method);
    return { ...known, conduction: bone ? 'bone' : 'air' };
  }
  return undefined;
}

const isPanel = (obs: Json) => hasCode(obs.code, AUDIOGRAM_PANEL.system, AUDIOGRAM_PANEL.code) || hasCode(obs.code, LIMIAR_AUDIOMETRY_SYSTEM, 'audiometria-tonal');
const isLimiarDerived = (obs: Json) => hasCode(obs.code, NR7_CLASSIFICATION_CODE.system, NR7_CLASSIFICATION_CODE.code) || hasCode(obs.code, NR7_COMPARISON_CODE.system, NR7_COMPARISON_CODE.code);
const dateOf = (obs: Json) => {
  const v = str(obs.effectiveDateTime) ?? (isObject(obs.effectivePeriod) ? str(obs.effectivePeriod.start) : undefined);
  return v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : undefined;
};
const refOf = (r: unknown) => (isObject(r) ? str(r.reference) : undefined);

const formatNumber = (n: number) => (Number.isInteger(n) ? String(n) : String(n));

/**
 * Reads a FHIR R4 Bundle (Limiar's export, or another system's using the same LOINC codes) into the
 * records of the bulk import (docs/fhir.md "Import"): one record per exam with the cells of
 * docs/csv-format.md, so the exam goes through the same validation, error file and idempotence as a CSV
 * row. An exam is a LOINC 89015-2 panel with its `hasMember` thresholds, or — without a panel — the
 * threshold observations of one subject on one date. Every entry that is not imported is accounted for:
 * a problem record (its reason in pt-BR, in the error file) for what cannot be imported, a note for what
 * is deliberately left out (Limiar's classification is recomputed; a laudo is not imported).
 */
export function readFhirBundle(json: unknown): FhirBundleReading {
  if (!isObject(json)) throw new FhirBundleUnreadableError('o conteúdo não é um objeto JSON.');
  if (json.resourceType !== 'Bundle') throw new FhirBundleUnreadableError(`resourceType é "${String(json.resourceType)}", esperado "Bundle".`);
  if (!Array.isArray(json.entry)) throw new FhirBundleUnreadableError('o Bundle não tem a lista "entry".');
  const entries = json.entry as unknown[];

  const rows = new Map<number, FhirEntryRow[]>();
  const problems: ImportRecord[] = [];
  const notes: string[] = [];
  const rowOf = (line: number, resource: Json | undefined, description: string): FhirEntryRow => ({
    line, cells: [str(resource?.resourceType) ?? '', str(resource?.id) ?? str((entries[line - 1] as Json | undefined)?.fullUrl) ?? '', description],
  });
  const problem = (line: number, resource: Json | undefined, reason: string) => {
    problems.push({ line, problem: reason });
    rows.set(line, [rowOf(line, resource, '')]);
  };

  // references: by fullUrl and by ResourceType/id
  const byRef = new Map<string, { line: number; resource: Json }>();
  entries.forEach((e, i) => {
    if (!isObject(e) || !isObject(e.resource)) return;
    const r = e.resource;
    if (str(e.fullUrl)) byRef.set(str(e.fullUrl)!, { line: i + 1, resource: r });
    if (str(r.resourceType) && str(r.id)) byRef.set(`${r.resourceType}/${r.id}`, { line: i + 1, resource: r });
  });
  const lineOf = (ref: string | undefined) => (ref ? byRef.get(ref)?.line : undefined);

  const patients = new Map<number, PatientInfo>();
  const panels: Array<{ line: number; resource: Json }> = [];
  const points = new Map<number, ThresholdPoint>();

  entries.forEach((e, i) => {
    const line = i + 1;
    if (!isObject(e) || !isObject(e.resource)) return problem(line, undefined, `Entrada ${line} sem recurso: ignorada.`);
    const r = e.resource;
    const type = str(r.resourceType) ?? '';
    if (type === 'Patient') {
      const name = arr(r.name).filter(isObject).map((n) => str(n.text) ?? [...arr(n.given).map(str), str(n.family)].filter(Boolean).join(' ')).find((n) => n.trim());
      const cpf = arr(r.identifier).filter(isObject).find((id) => CPF_SYSTEM_ALIASES.includes(str(id.system) ?? ''));
      patients.set(line, {
        line,
        cells: {
          nome: name ?? '',
          sexo: GENDER_SEX[str(r.gender) ?? ''] ?? '',
          data_nascimento: str(r.birthDate) ?? '',
          cpf: str(cpf?.value) ?? '',
        },
      });
      return;
    }
    if (type === 'DiagnosticReport') {
      notes.push(`Entrada ${line} (DiagnosticReport): o laudo não é importado — o PDF emitido continua com quem o assinou; emita um laudo novo no Limiar se precisar.`);
      return;
    }
    if (type !== 'Observation') return problem(line, r, `Entrada ${line}: recurso ${type || 'sem resourceType'} não é importado pelo Limiar (só Patient e Observation de audiometria tonal).`);
    if (isPanel(r)) return void panels.push({ line, resource: r });
    if (isLimiarDerived(r)) {
      notes.push(`Entrada ${line} (classificação NR-7): não importada — o Limiar recalcula a classificação e a comparação com o exame de referência.`);
      return;
    }
    const kind = thresholdKind(r);
    if (!kind) return problem(line, r, `Entrada ${line}: Observation com código ${codeList(r.code) || 'ausente'} não é um limiar audiométrico conhecido (LOINC 89015-2 e membros): não importada.`);
    const where = `${kind.conduction === 'air' ? 'via aérea' : 'via óssea'}, ${EAR_PT[kind.ear]}, ${kind.hz} Hz`;
    const status = str(r.status) ?? '';
    if (!IMPORTABLE_STATUS.has(status)) return problem(line, r, `Entrada ${line} (${where}): status "${status}" — limiar não importado.`);
    const grid = kind.conduction === 'air' ? isAirFrequency(kind.hz) : isBoneFrequency(kind.hz);
    if (!grid) {
      return problem(line, r, `Entrada ${line} (${where}): o Limiar registra a via ${kind.conduction === 'air' ? 'aérea em 250, 500, 1000, 2000, 3000, 4000, 6000 e 8000 Hz' : 'óssea em 500, 1000, 2000, 3000 e 4000 Hz'} (NR-7 Anexo II, item 3.6); este limiar não foi importado (o restante do exame foi).`);
    }
    const q = isObject(r.valueQuantity) ? r.valueQuantity : undefined;
    if (!q || typeof q.value !== 'number') {
      const absent = isObject(r.dataAbsentReason) ? codeList(r.dataAbsentReason) : '';
      return problem(line, r, `Entrada ${line} (${where}): sem valor numérico${absent ? ` (dataAbsentReason ${absent})` : ''} — limiar não importado.`);
    }
    const unit = `${str(q.code) ?? ''} ${str(q.unit) ?? ''}`;
    if (!/\bdB\b/i.test(unit)) return problem(line, r, `Entrada ${line} (${where}): unidade "${unit.trim()}" não é dB NA — limiar não importado.`);
    const comparator = str(q.comparator);
    const noResponse = comparator === '>' || comparator === '>=' || arr(r.interpretation).some((i) => hasCode(i, NO_RESPONSE_INTERPRETATION.system, NO_RESPONSE_INTERPRETATION.code));
    if (comparator && !noResponse) return problem(line, r, `Entrada ${line} (${where}): valor "${comparator} ${q.value}" não é um limiar nem uma ausência de resposta — não importado.`);
    points.set(line, { line, ...kind, text: noResponse ? `NR${formatNumber(q.value)}` : formatNumber(q.value), date: dateOf(r), subject: refOf(r.subject) });
    rows.set(line, [rowOf(line, r, `Limiar ${where}`)]);
  });

  // exams: panels with their members, then the points no panel claimed (per subject and date)
  const groups: ExamGroup[] = [];
  const claimed = new Set<number>();
  for (const { line, resource } of panels) {
    const group: ExamGroup = { line, panelLine: line, date: dateOf(resource), subject: refOf(resource.subject), points: [] };
    for (const member of arr(resource.hasMember)) {
      const target = lineOf(refOf(member));
      const point = target === undefined ? undefined : points.get(target);
      if (point) {
        group.points.push(point);
        claimed.add(point.line);
      } else if (target === undefined || !rows.has(target)) {
        // a member already reported as a problem keeps its own row
        notes.push(`Entrada ${line}: membro ${refOf(member) ?? '(sem referência)'} do painel não encontrado no Bundle.`);
      }
    }
    rows.set(line, [rowOf(line, resource, `Audiometria tonal de ${group.date ?? 'data ausente'}`)]);
    groups.push(group);
  }
  const loose = new Map<string, ExamGroup>();
  for (const point of points.values()) {
    if (claimed.has(point.line)) continue;
    const key = `${point.subject ?? ''}|${point.date ?? ''}`;
    let g = loose.get(key);
    if (!g) loose.set(key, (g = { line: point.line, date: point.date, subject: point.subject, points: [] }));
    g.points.push(point);
  }
  groups.push(...loose.values());

  const examRecords: ImportRecord[] = [];
  const usedPatients = new Set<number>();
  for (const g of groups) {
    const date = g.date ?? g.points.find((p) => p.date)?.date;
    const subjectRef = g.subject ?? g.points.find((p) => p.subject)?.subject;
    const patientLine = lineOf(subjectRef);
    const patient = patientLine === undefined ? undefined : patients.get(patientLine);
    const where = g.panelLine ? `Entrada ${g.line} (painel de audiometria)` : `Entrada ${g.line} (limiares sem painel)`;
    if (!patient) {
      problems.push({ line: g.line, problem: `${where}: o trabalhador (${subjectRef ?? 'subject ausente'}) não está no Bundle como Patient.` });
      continue;
    }
    usedPatients.add(patient.line);
    const cells: Record<string, string> = { ...patient.cells, data_exame: date ?? '' };
    const reasons: string[] = [];
    for (const p of g.points) {
      const column = `${SIDE[p.ear]}_${p.conduction === 'bone' ? 'vo_' : ''}${p.hz}`;
      if (cells[column] !== undefined && cells[column] !== p.text) reasons.push(`${column} aparece duas vezes com valores diferentes (${cells[column]} e ${p.text}; entradas do mesmo exame).`);
      cells[column] = p.text;
    }
    if (!g.points.length && g.panelLine) reasons.push(`${where}: painel sem limiares importáveis.`);
    if (reasons.length) examRecords.push({ line: g.line, problem: reasons.join(' ') });
    else examRecords.push({ line: g.line, cells: cells as ImportCells });
  }
  for (const p of patients.values()) if (!usedPatients.has(p.line)) notes.push(`Entrada ${p.line} (Patient ${p.cells.nome || 'sem nome'}): nenhum exame dele no Bundle — nada a importar.`);

  const records = [...problems, ...examRecords].sort((a, b) => a.line - b.line);
  return { records, rowsOf: (line) => rows.get(line) ?? [], notes, exams: groups.length };
}
