import { UFS } from '../accounts/registries';
import { EXAM_TYPE_ESOCIAL, isExamType, type ExamType } from '../exams/exam-type';
import { Cpf } from '../patients/cpf';
import { periodOn, type Employment } from '../programme/employment';
import { err, ok, type Result } from '../shared/result';
import { AUDIOMETRY_PROCEDURE_CODE, audiometryFactsOf, esocialAudiometry, type EsocialAudiometry } from './audiometry-result';
import { InvalidAsoError } from './esocial-errors';
import { employerInscription } from './event-id';

/*
 * The minimal ASO (Atestado de Saúde Ocupacional, NR-7 item 7.5.19) of issue 21 and the state of its
 * eSocial S-2220 event (docs/esocial.md). One ASO covers one audiometry (the exam it is created from)
 * plus any other procedures of eSocial Tabela 27, for one employment contract (company with CNPJ, matrícula).
 */

export const ASO_RESULTS = ['apto', 'inapto'] as const;
export type AsoResult = (typeof ASO_RESULTS)[number];
export const ASO_RESULT_LABELS: Record<AsoResult, string> = { apto: 'Apto', inapto: 'Inapto' };

/** pendente → gerado → exportado → recebido; an edit after export → retificacao_pendente (then gerado with indRetif 2 …). */
export const ASO_EVENT_STATUSES = ['pendente', 'gerado', 'exportado', 'recebido', 'retificacao_pendente'] as const;
export type AsoEventStatus = (typeof ASO_EVENT_STATUSES)[number];
export const ASO_EVENT_STATUS_LABELS: Record<AsoEventStatus, string> = {
  pendente: 'Pendente',
  gerado: 'Gerado',
  exportado: 'Exportado',
  recebido: 'Recebido pelo eSocial',
  retificacao_pendente: 'Retificação pendente',
};

export interface AsoPhysician {
  name: string;
  crm: string;
  uf: string;
}

/** The PCMSO coordinator (respMonit): CPF optional in the leiaute. */
export interface AsoCoordinator extends AsoPhysician {
  cpf: string | null;
}

/** Another procedure of the ASO (exame of the event): eSocial Tabela 27 code, date, observation. */
export interface AsoProcedure {
  code: string;
  date: string;
  description: string | null;
}

/** The S-2220 event of an ASO. The XML is kept as generated (what was exported is what is stored). */
export interface AsoEvent {
  status: AsoEventStatus;
  eventId: string | null;
  xml: string | null;
  generatedAt: Date | null;
  exportedAt: Date | null;
  /** The receipt (nrRecibo) of the latest event the user typed back. */
  receipt: string | null;
  /** indRetif of the current (or next) event: 2 once an ASO received by eSocial was changed. */
  indRetif: 1 | 2;
  /** nrRecibo carried by the generated retification (the receipt of the event it corrects); null for an original. */
  retifiedReceipt: string | null;
}

export interface Aso {
  id: string;
  organizationId: string;
  patientId: string;
  /** The audiometry the ASO covers. */
  examId: string;
  /** The employment period the ASO is for (its contract: company, matrícula). */
  employmentId: string;
  companyId: string;
  examType: ExamType;
  /** ISO YYYY-MM-DD (dtAso). */
  asoDate: string;
  result: AsoResult | null;
  otherProcedures: AsoProcedure[];
  physician: AsoPhysician;
  coordinator: AsoCoordinator | null;
  event: AsoEvent;
  createdAt: Date;
  updatedAt: Date;
}

/** An ASO with what it shows and what its event needs from the records, read at the time (joins). */
export interface AsoView extends Aso {
  patientName: string;
  cpf: string | null;
  companyName: string;
  companyCnpj: string | null;
  registration: string | null;
  examDate: string;
  /** The exam's stored classification (its role, NR-7 classes and comparison with the reference). */
  examClassification: Record<string, unknown>;
}

export const asoEditable = (status: AsoEventStatus): boolean => status === 'pendente' || status === 'gerado' || status === 'retificacao_pendente';

/** The audiometry of the ASO as the event informs it (undefined: the exam has no thresholds). */
export function asoAudiometry(view: Pick<AsoView, 'examClassification'>): EsocialAudiometry | undefined {
  return esocialAudiometry(audiometryFactsOf(view.examClassification));
}

// ---------------------------------------------------------------------------------------------------------
// input

export interface AsoInput {
  asoDate?: string | null;
  result?: string | null;
  examType?: string | null;
  employmentId?: string | null;
  otherProcedures?: Array<{ code?: string | null; date?: string | null; description?: string | null }> | null;
  physician?: { name?: string | null; crm?: string | null; uf?: string | null } | null;
  coordinator?: { name?: string | null; crm?: string | null; uf?: string | null; cpf?: string | null } | null;
}

export interface ValidAsoInput {
  asoDate: string;
  result: AsoResult | null;
  examType: ExamType;
  otherProcedures: AsoProcedure[];
  physician: AsoPhysician;
  coordinator: AsoCoordinator | null;
}

/** Tabela 27 codes whose exame needs obsProc (evtMonit.xsd, obsProc validation). */
export const PROCEDURES_NEEDING_DESCRIPTION = ['0583', '0998', '0999', '1128', '1230', '1992', '1993', '1994', '1995', '1996', '1997', '1998', '1999', '9999'];
/** The event holds at most 99 exames (one is the audiometry). */
export const MAX_OTHER_PROCEDURES = 98;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (v: string) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;
const text = (v: string | null | undefined) => (typeof v === 'string' && v.trim() ? v.trim().replace(/\s+/g, ' ') : null);

/**
 * Checks an ASO's fields (pt-BR issues per field). `defaults` fills what the body leaves out: the
 * exam's type and the calling physician (name, CRM, UF). `today` bounds dtAso (the leiaute: "igual ou
 * anterior à data atual"); `examDate` is the audiometry's dtExm, which must not be after dtAso.
 */
export function validateAsoInput(
  input: AsoInput,
  ctx: { today: string; examDate: string; defaults: { examType: ExamType | null; physician: Partial<AsoPhysician> } },
): Result<ValidAsoInput, InvalidAsoError> {
  const issues: Array<{ path: string; message: string }> = [];
  const add = (path: string, message: string) => issues.push({ path, message });

  const asoDate = text(input.asoDate);
  if (!asoDate) add('asoDate', 'Informe a data do ASO');
  else if (!validDate(asoDate)) add('asoDate', 'Data do ASO inválida: use AAAA-MM-DD');
  else if (asoDate > ctx.today) add('asoDate', 'A data do ASO não pode ser futura (o eSocial exige data igual ou anterior à atual)');
  else if (asoDate < ctx.examDate) add('asoDate', 'A data do ASO não pode ser anterior à da audiometria que ele inclui');

  const resultText = text(input.result);
  const result = resultText === null ? null : (ASO_RESULTS as readonly string[]).includes(resultText) ? (resultText as AsoResult) : undefined;
  if (result === undefined) add('result', 'Resultado do ASO inválido: use apto ou inapto');

  const typeText = text(input.examType);
  const examType = typeText === null ? ctx.defaults.examType : isExamType(typeText) ? typeText : undefined;
  if (examType === undefined) add('examType', 'Tipo de exame inválido: use admissional, periodico, retorno_trabalho, mudanca_riscos, demissional ou monitoracao_pontual');
  else if (examType === null) add('examType', 'Informe o tipo do exame ocupacional (o exame não tem tipo registrado)');

  const procedures: AsoProcedure[] = [];
  const list = input.otherProcedures ?? [];
  if (list.length > MAX_OTHER_PROCEDURES) add('otherProcedures', `No máximo ${MAX_OTHER_PROCEDURES} outros procedimentos por ASO`);
  const seen = new Set<string>();
  list.slice(0, MAX_OTHER_PROCEDURES).forEach((p, i) => {
    const code = text(p.code);
    const date = text(p.date);
    const description = text(p.description);
    const at = `otherProcedures.${i}`;
    if (!code || !/^\d{4}$/.test(code)) add(`${at}.code`, 'Código do procedimento inválido: use o código de 4 dígitos da Tabela 27 do eSocial');
    else if (code === AUDIOMETRY_PROCEDURE_CODE) add(`${at}.code`, 'A audiometria (0281) já é informada pelo ASO: não a repita entre os outros procedimentos');
    else if (PROCEDURES_NEEDING_DESCRIPTION.includes(code) && !description) add(`${at}.description`, `O procedimento ${code} exige uma observação (descrição) no eSocial`);
    if (!date || !validDate(date)) add(`${at}.date`, 'Data do procedimento inválida: use AAAA-MM-DD');
    else if (asoDate && validDate(asoDate) && date > asoDate) add(`${at}.date`, 'A data do procedimento não pode ser posterior à do ASO');
    if (description && description.length > 999) add(`${at}.description`, 'Descrição do procedimento com mais de 999 caracteres');
    if (code && date) {
      if (seen.has(`${code}|${date}`)) add(`${at}.code`, 'Procedimento repetido na mesma data');
      seen.add(`${code}|${date}`);
    }
    if (code && date) procedures.push({ code, date, description });
  });

  const givenPhysician = input.physician ?? {};
  const physician = {
    name: text(givenPhysician.name) ?? text(ctx.defaults.physician.name),
    crm: text(givenPhysician.crm) ?? text(ctx.defaults.physician.crm),
    uf: (text(givenPhysician.uf) ?? text(ctx.defaults.physician.uf))?.toUpperCase() ?? null,
  };
  checkDoctor('physician', physician, 'do médico emitente do ASO', add);

  let coordinator: AsoCoordinator | null = null;
  if (input.coordinator) {
    const c = { name: text(input.coordinator.name), crm: text(input.coordinator.crm), uf: text(input.coordinator.uf)?.toUpperCase() ?? null };
    checkDoctor('coordinator', c, 'do médico coordenador do PCMSO', add);
    const cpfText = text(input.coordinator.cpf);
    let cpf: string | null = null;
    if (cpfText) {
      const parsed = Cpf.parse(cpfText, 'coordinator.cpf');
      if (parsed.ok) cpf = parsed.value.value;
      else add('coordinator.cpf', 'CPF do coordenador do PCMSO inválido: confira os dígitos verificadores');
    }
    if (c.name && c.crm && c.uf) coordinator = { name: c.name, crm: c.crm, uf: c.uf, cpf };
  }

  if (issues.length) return err(new InvalidAsoError(issues[0].message, issues));
  return ok({
    asoDate: asoDate!, result: result ?? null, examType: examType!, otherProcedures: procedures.sort((a, b) => (a.date === b.date ? a.code.localeCompare(b.code) : a.date < b.date ? -1 : 1)),
    physician: physician as AsoPhysician, coordinator,
  });
}

function checkDoctor(at: string, d: { name: string | null; crm: string | null; uf: string | null }, who: string, add: (path: string, message: string) => void): void {
  if (!d.name) add(`${at}.name`, `Informe o nome ${who}`);
  else if (d.name.length < 2 || d.name.length > 70) add(`${at}.name`, `O nome ${who} deve ter de 2 a 70 caracteres (eSocial)`);
  if (!d.crm) add(`${at}.crm`, `Informe o CRM ${who} (o eSocial exige o número do CRM)`);
  else if (d.crm.length > 10) add(`${at}.crm`, `CRM ${who} com mais de 10 caracteres`);
  if (!d.uf) add(`${at}.uf`, `Informe a UF do CRM ${who}`);
  else if (!(UFS as readonly string[]).includes(d.uf)) add(`${at}.uf`, `UF do CRM ${who} inválida: use a sigla do estado (ex. SP)`);
}

/**
 * The employment an ASO is for: the given period (the worker's), else the period in force on the ASO
 * date (`periodOn`); an admissional exam may precede the admission, so without a period in force it is
 * the first contract admitted after the ASO date. Then what eSocial identifies the contract by: the
 * company's CNPJ and the matrícula (S-2200). Errors name what is missing, in pt-BR.
 */
export function employmentForAso(
  periods: readonly Employment[],
  given: string | null | undefined,
  asoDate: string,
  examType: ExamType,
): Result<Employment, InvalidAsoError> {
  let chosen: Employment | undefined;
  if (given) {
    chosen = periods.find((p) => p.id === given);
    if (!chosen) return invalid('employmentId', 'Vínculo não encontrado entre os do trabalhador');
  } else {
    chosen = periodOn(periods, asoDate)
      ?? (examType === 'admissional' ? [...periods].filter((p) => p.admissionDate > asoDate).sort((a, b) => (a.admissionDate < b.admissionDate ? -1 : 1))[0] : undefined);
    if (!chosen) return invalid('employmentId', 'O trabalhador não tem vínculo com uma empresa na data do ASO: cadastre o vínculo (empresa com CNPJ e matrícula) ou informe-o');
  }
  if (examType !== 'admissional' && asoDate < chosen.admissionDate) return invalid('asoDate', 'A data do ASO é anterior à admissão do vínculo (o eSocial só aceita data anterior à admissão no exame admissional)');
  if (chosen.dismissalDate && asoDate > chosen.dismissalDate) return invalid('asoDate', 'A data do ASO é posterior ao desligamento do vínculo');
  return ok(chosen);
}

const invalid = (path: string, message: string) => err(new InvalidAsoError(message, [{ path, message }]));

/** What eSocial needs from the records and they lack (CNPJ, matrícula, CPF), as pt-BR issues; none when complete. */
export function missingEmployerData(v: Pick<AsoView, 'companyName' | 'companyCnpj' | 'registration' | 'cpf'>): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string }> = [];
  if (!v.companyCnpj) issues.push({ path: 'employmentId', message: `A empresa ${v.companyName} não tem CNPJ: complete o cadastro da empresa (o eSocial identifica o empregador pelo CNPJ)` });
  if (!v.registration) issues.push({ path: 'employmentId', message: `O vínculo com ${v.companyName} não tem matrícula: informe a matrícula do trabalhador (a mesma do S-2200)` });
  if (!v.cpf) issues.push({ path: 'cpf', message: 'O trabalhador não tem CPF cadastrado: informe o CPF no cadastro do trabalhador (o eSocial identifica o trabalhador pelo CPF)' });
  return issues;
}

// ---------------------------------------------------------------------------------------------------------
// the event's content

/** Everything the S-2220 XML holds (the adapter serialises it; evtMonit.xsd order). */
export interface S2220Event {
  id: string;
  ideEvento: { indRetif: 1 | 2; nrRecibo: string | null; tpAmb: 1 | 2; procEmi: 1; verProc: string };
  ideEmpregador: { tpInsc: 1; nrInsc: string };
  ideVinculo: { cpfTrab: string; matricula: string };
  exMedOcup: {
    tpExameOcup: number;
    aso: {
      dtAso: string;
      resAso: 1 | 2 | null;
      exames: Array<{ dtExm: string; procRealizado: string; obsProc: string | null; ordExame: 1 | 2 | null; indResult: 1 | 2 | 3 | 4 | null }>;
      medico: { nmMed: string; nrCRM: string; ufCRM: string };
    };
    respMonit: { cpfResp: string | null; nmResp: string; nrCRM: string; ufCRM: string } | null;
  };
}

/** tpAmb: 1 produção, 2 produção restrita (the eSocial test environment). */
export type EsocialEnvironment = 1 | 2;

/**
 * The S-2220 content of an ASO (evtMonit, leiaute S-1.3). Fails with the pt-BR list of what is missing
 * (CNPJ, matrícula, CPF, an exam without thresholds).
 */
export function s2220EventOf(
  v: AsoView,
  meta: { id: string; tpAmb: EsocialEnvironment; verProc: string },
): Result<S2220Event, InvalidAsoError> {
  const issues = missingEmployerData(v);
  const audiometry = asoAudiometry(v);
  if (!audiometry) issues.push({ path: 'examId', message: 'O exame não tem limiares de via aérea: não há audiometria a informar no S-2220' });
  if (issues.length) return err(new InvalidAsoError(issues[0].message, issues));
  const retification = v.event.indRetif === 2;
  return ok({
    id: meta.id,
    ideEvento: { indRetif: v.event.indRetif, nrRecibo: retification ? v.event.receipt : null, tpAmb: meta.tpAmb, procEmi: 1, verProc: meta.verProc },
    ideEmpregador: { tpInsc: 1, nrInsc: employerInscription(v.companyCnpj!) },
    ideVinculo: { cpfTrab: v.cpf!, matricula: v.registration! },
    exMedOcup: {
      tpExameOcup: EXAM_TYPE_ESOCIAL[v.examType],
      aso: {
        dtAso: v.asoDate,
        resAso: v.result === 'apto' ? 1 : v.result === 'inapto' ? 2 : null,
        exames: [
          { dtExm: v.examDate, procRealizado: AUDIOMETRY_PROCEDURE_CODE, obsProc: null, ordExame: audiometry!.ordExame, indResult: audiometry!.indResult },
          ...v.otherProcedures.map((p) => ({ dtExm: p.date, procRealizado: p.code, obsProc: p.description, ordExame: null, indResult: null })),
        ],
        medico: { nmMed: v.physician.name, nrCRM: v.physician.crm, ufCRM: v.physician.uf },
      },
      respMonit: v.coordinator ? { cpfResp: v.coordinator.cpf, nmResp: v.coordinator.name, nrCRM: v.coordinator.crm, ufCRM: v.coordinator.uf } : null,
    },
  });
}
