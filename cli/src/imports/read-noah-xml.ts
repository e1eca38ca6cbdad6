import type { Readable } from 'node:stream';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import iconv from 'iconv-lite';
import { AIR_FREQUENCIES, BONE_FREQUENCIES, Cpf, type ImportRecord } from '../../../core/src';
import { CliInputError } from '../exit-codes';
import type { ImportSource, SourceRow } from '../commands/import-runner';
import { plainWord, readAll } from './whole-input';

/**
 * HIMSA Noah patient export (`NOAH_Patients_Export`, namespace
 * http://www.himsa.com/Measurement/PatientExport.xsd) with audiogram actions in the HIMSA audiogram
 * data standard (`HIMSAAudiometricStandard` › `ToneThresholdAudiogram` › `AudMeasurementConditions` +
 * `TonePoints`) → one exam row of the import format per worker and session date, fed to `ImportExams`
 * like a CSV row. Mapping and sources: docs/audiometer-import.md.
 */

/** Columns of the error file after `linha;motivo` (`linha` = the line of the session's first `<Action>` in the XML). */
export const NOAH_ERROR_COLUMNS = ['paciente', 'cpf', 'data_nascimento', 'sexo', 'data_exame', 'acoes'] as const;

type Node = Record<string, unknown>;
const asArray = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const text = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return text((v as Node)['#text']);
  return String(v).trim();
};
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The XML's text: a UTF-16 or UTF-8 byte-order mark wins; else the encoding the XML declaration names
 * (`windows-1252`, `ISO-8859-1`…); else UTF-8 — and Windows-1252 when the bytes are not valid UTF-8.
 * HIMSA requires UTF-8 from Noah 4.13 on; older exports and other software may declare otherwise.
 */
export function decodeXml(bytes: Buffer): { text: string; encoding: string } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: iconv.decode(bytes.subarray(2), 'utf-16le'), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: iconv.decode(bytes.subarray(2), 'utf-16be'), encoding: 'utf-16be' };
  // UTF-16 without a mark: `<` followed by a zero byte (LE) or the other way round (BE)
  if (bytes[0] === 0x3c && bytes[1] === 0x00) return { text: iconv.decode(bytes, 'utf-16le'), encoding: 'utf-16le' };
  if (bytes[0] === 0x00 && bytes[1] === 0x3c) return { text: iconv.decode(bytes, 'utf-16be'), encoding: 'utf-16be' };
  const head = bytes.subarray(0, 200).toString('latin1');
  const declared = /^(?:\uFEFF|\xEF\xBB\xBF)?\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  if (declared && !/^utf-?8$/i.test(declared) && !/^utf-?16/i.test(declared) && iconv.encodingExists(declared)) {
    return { text: iconv.decode(bytes, declared), encoding: declared.toLowerCase() };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, ''), encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(bytes, 'windows-1252'), encoding: 'windows-1252' };
  }
}

/** Noah's `Gender` → the import's `sexo` (empty when unknown: the import then asks for it). */
function sexOf(gender: string): string {
  const g = plainWord(gender);
  if (['male', 'm', 'masculino', 'man'].includes(g)) return 'M';
  if (['female', 'f', 'feminino', 'woman'].includes(g)) return 'F';
  return '';
}

/** Patient fields where a Brazilian clinic may keep the CPF, in the order they are tried (the first valid CPF wins). */
const CPF_FIELDS = ['SocialSecurityNumber', 'CPR', 'PatientNumber', 'NOAHPatientNumber', 'Other1', 'Other2'];

function cpfOf(patient: Node): string {
  for (const f of CPF_FIELDS) {
    const v = text(patient[f]);
    if (v.replace(/\D/g, '').length !== 11 || /[^\d.\-\s/]/.test(v)) continue;
    const parsed = Cpf.parse(v);
    if (parsed.ok) return parsed.value.value;
  }
  return '';
}

/** `StimulusSignalOutput` → ear and conduction; anything else (free field, binaural, no output) is not an ear's threshold. */
function outputOf(output: string): { ear: 'od' | 'oe'; bone: boolean } | undefined {
  const m = /^(AirConductor|InsertPhone|BoneConductor)(Right|Left)$/i.exec(output.trim());
  if (!m) return undefined;
  return { ear: m[2].toLowerCase() === 'right' ? 'od' : 'oe', bone: m[1].toLowerCase() === 'boneconductor' };
}

/** `TonePointStatus` values read as a threshold; `NoResponse` is a no-response at the level; the others are "not measured". */
const RESPONSE_STATUSES = new Set(['', 'normal', 'alwaysresponse']);
const MASKING_OFF = new Set(['', 'nosignalapplied', 'nosignaloutput', 'none']);
const EAR_LABEL = { od: 'OD', oe: 'OE' } as const;
/** `25.0` → `25`, `NR120.0` → `NR120`: Noah writes decimals; the cell keeps anything else as written for the import to report. */
const canonicalLevel = (cell: string) => {
  const m = /^(NR)?(-?\d+(?:\.\d+)?)$/.exec(cell);
  return m ? `${m[1] ?? ''}${Number(m[2])}` : cell;
};

interface Session {
  line: number;
  patient: Node;
  date: string;
  actions: string[];
  /** Column (`od_4000`, `oe_vo_1000`) → cell text, whether masked, and which action gave it. */
  points: Map<string, { text: string; masked: boolean }>;
  problems: string[];
}

export interface NoahInfo {
  encoding: string;
  patients: number;
  actions: number;
  audiogramActions: number;
}

export function readNoahXml(input: Readable, options: { onBytes?: (n: number) => void } = {}): ImportSource & { info: Promise<NoahInfo> } {
  let resolveWarnings!: (w: string[]) => void;
  const warnings = new Promise<string[]>((r) => (resolveWarnings = r));
  let resolveInfo!: (i: NoahInfo) => void;
  const info = new Promise<NoahInfo>((r) => (resolveInfo = r));
  const rowsByRecord = new Map<number, SourceRow[]>();

  async function* records(): AsyncGenerator<ImportRecord> {
    const fail = (message: string): never => {
      resolveWarnings([]);
      throw new CliInputError(message);
    };
    const { text: xml, encoding } = decodeXml(await readAll(input, options.onBytes));
    if (!xml.trim()) fail('Arquivo vazio: nenhum XML encontrado');
    const valid = XMLValidator.validate(xml);
    if (valid !== true) fail(`XML inválido na linha ${valid.err.line}: ${valid.err.msg}`);
    const doc = new XMLParser({
      removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false, trimValues: true, processEntities: true,
      isArray: (name) => ['Patient', 'Action', 'ToneThresholdAudiogram', 'TonePoints', 'HIMSAAudiometricStandard'].includes(name),
    }).parse(xml) as Node;

    // line of every <Action> start tag, in document order (the parser keeps that order for the walk below)
    const actionLines: number[] = [];
    const actionTag = /<(?:[\w.-]+:)?Action[\s>/]/g;
    let lineNo = 1;
    let last = 0;
    for (let m = actionTag.exec(xml); m; m = actionTag.exec(xml)) {
      for (let i = last; i < m.index; i++) if (xml.charCodeAt(i) === 10) lineNo++;
      last = m.index;
      actionLines.push(lineNo);
    }

    const found: Array<{ action: Node; patient: Node | undefined }> = [];
    const patients = new Map<Node, number>();
    const walk = (node: unknown, patient: Node | undefined) => {
      if (Array.isArray(node)) return node.forEach((n) => walk(n, patient));
      if (!isNode(node)) return;
      const here = 'FirstName' in node || 'LastName' in node || 'DateofBirth' in node ? node : patient;
      if (here && !patients.has(here)) patients.set(here, patients.size);
      for (const [key, value] of Object.entries(node)) {
        if (key === 'PublicData' || key === 'PrivateData') continue;
        if (key === 'Action') for (const a of asArray(value)) found.push({ action: isNode(a) ? a : {}, patient: here });
        else walk(value, here);
      }
    };
    walk(doc, undefined);
    if (!found.length) fail('Nenhuma ação (<Action>) encontrada: o arquivo não parece uma exportação de pacientes do Noah (NOAH_Patients_Export)');
    const lineOf = (i: number) => (actionLines.length === found.length ? actionLines[i] : i + 1);

    const sessions = new Map<string, Session>();
    const ignoredOutputs = new Map<string, number>();
    const offGrid = new Map<number, number>();
    let aided = 0;
    let audiogramActions = 0;
    found.forEach(({ action, patient }, index) => {
      const standards = asArray(isNode(action.PublicData) ? action.PublicData.HIMSAAudiometricStandard : undefined).filter(isNode);
      const curves = standards.flatMap((s) => asArray(s.ToneThresholdAudiogram).filter(isNode));
      if (!curves.length) return; // impedance, fitting, speech only…: not a tone audiogram
      audiogramActions++;
      const line = lineOf(index);
      const rawDate = text(action.ActionDate);
      const date = /^\d{4}-\d{2}-\d{2}/.test(rawDate) ? rawDate.slice(0, 10) : rawDate;
      const p = patient ?? {};
      const key = `${patient ? patients.get(patient) : -1}|${date}`;
      let s = sessions.get(key);
      if (!s) sessions.set(key, (s = { line, patient: p, date, actions: [], points: new Map(), problems: [] }));
      s.actions.push(text(action.Description) || text(action.TypeOfData) || 'Audiogram');
      if (!patient) s.problems.push('Ação sem paciente: o arquivo não traz o bloco <Patient> com nome e data de nascimento');
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) s.problems.push(`Data da ação inválida: "${rawDate}" (ActionDate)`);

      for (const curve of curves) {
        const cond = isNode(curve.AudMeasurementConditions) ? curve.AudMeasurementConditions : {};
        const aidedCondition = [cond.HearingInstrument_1_Condition, cond.HearingInstrument_2_Condition].map((v) => plainWord(text(v)));
        if (aidedCondition.some((c) => c.includes('aided') && !c.includes('unaided'))) {
          aided++;
          continue;
        }
        const outputText = text(cond.StimulusSignalOutput);
        const output = outputOf(outputText);
        if (!output) {
          ignoredOutputs.set(outputText || '(vazio)', (ignoredOutputs.get(outputText || '(vazio)') ?? 0) + 1);
          continue;
        }
        const curveMasked = !MASKING_OFF.has(plainWord(text(cond.MaskingSignalType))) || !MASKING_OFF.has(plainWord(text(cond.MaskingSignalOutput)));
        for (const point of asArray(curve.TonePoints).filter(isNode)) {
          const status = plainWord(text(point.TonePointStatus));
          const noResponse = status === 'noresponse';
          if (!noResponse && !RESPONSE_STATUSES.has(status)) continue; // DidNotTest, CouldNotTest, NotMeasurable, Unknown…
          const hzText = text(point.StimulusFrequency);
          const hz = Number(hzText);
          const grid: readonly number[] = output.bone ? BONE_FREQUENCIES : AIR_FREQUENCIES;
          if (!Number.isFinite(hz) || !hzText) {
            s.problems.push(`Frequência inválida: "${hzText}" (StimulusFrequency)`);
            continue;
          }
          if (!grid.includes(hz)) {
            offGrid.set(hz, (offGrid.get(hz) ?? 0) + 1);
            continue;
          }
          const level = text(point.StimulusLevel);
          if (!level && !noResponse) {
            s.problems.push(`Ponto sem nível (StimulusLevel) em ${EAR_LABEL[output.ear]} ${output.bone ? 'via óssea' : 'via aérea'} ${hz} Hz`);
            continue;
          }
          const cell = canonicalLevel(noResponse ? `NR${level}` : level);
          const maskingLevel = Number(text(point.MaskingLevel));
          const masked = curveMasked || (Number.isFinite(maskingLevel) && maskingLevel > 0);
          const column = output.bone ? `${output.ear}_vo_${hz}` : `${output.ear}_${hz}`;
          const seen = s.points.get(column);
          // the masked threshold is the ear's true one: it replaces an unmasked reading of the same point
          if (!seen || (masked && !seen.masked)) s.points.set(column, { text: cell, masked });
          else if (masked === seen.masked && seen.text !== cell) {
            s.problems.push(`Dois valores para o mesmo ponto (${EAR_LABEL[output.ear]} ${output.bone ? 'via óssea' : 'via aérea'} ${hz} Hz${masked ? ', mascarado' : ''}): ${seen.text} e ${cell}`);
          }
        }
      }
    });
    if (!audiogramActions) fail('Nenhum audiograma tonal (ToneThresholdAudiogram) encontrado nas ações do arquivo');

    const warningList: string[] = [];
    if (offGrid.size) warningList.push(`pontos em frequências fora da grade do Limiar ignorados: ${[...offGrid.entries()].sort((a, b) => a[0] - b[0]).map(([f, n]) => `${f} Hz (${n})`).join(', ')}`);
    if (ignoredOutputs.size) warningList.push(`curvas que não são de uma orelha (campo livre, binaural…) ignoradas: ${[...ignoredOutputs.entries()].map(([o, n]) => `${o} (${n})`).join(', ')}`);
    if (aided) warningList.push(`${aided} curva(s) com aparelho auditivo (aided) ignorada(s)`);
    resolveWarnings(warningList);
    resolveInfo({ encoding, patients: patients.size, actions: found.length, audiogramActions });

    for (const s of [...sessions.values()].sort((a, b) => a.line - b.line)) {
      const p = s.patient;
      const name = ['FirstName', 'MiddleName', 'LastName'].map((f) => text(p[f])).filter(Boolean).join(' ');
      const birth = text(p.DateofBirth);
      const cells: Record<string, string | undefined> = {
        nome: name,
        cpf: cpfOf(p),
        data_nascimento: /^\d{4}-\d{2}-\d{2}/.test(birth) ? birth.slice(0, 10) : birth,
        sexo: sexOf(text(p.Gender)),
        data_exame: s.date,
      };
      rowsByRecord.set(s.line, [{ line: s.line, cells: [name, cells.cpf!, cells.data_nascimento!, text(p.Gender), s.date, s.actions.join(' + ')] }]);
      if (s.problems.length) {
        yield { line: s.line, problem: [...new Set(s.problems)].join(' | ') };
        continue;
      }
      if (!cells.sexo) {
        yield { line: s.line, problem: `Sexo do paciente ausente ou não reconhecido no Noah (Gender: "${text(p.Gender)}"); use Male/Female` };
        continue;
      }
      for (const [c, v] of s.points) cells[c] = v.text;
      yield { line: s.line, cells };
    }
  }

  return { records: records(), header: Promise.resolve(NOAH_ERROR_COLUMNS), warnings, info, rowsOf: (line) => rowsByRecord.get(line) ?? [] };
}
