import { hasAirThresholds } from '../../exams/exam';
import { ExamNotFoundError } from '../../exams/exam-errors';
import { PatientNotFoundError } from '../../patients/patient-errors';
import type { ProfessionalRepository } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import type { FileStorage } from '../../ports/file-storage';
import type { IdGenerator } from '../../ports/id-generator';
import type { ExamRepository, PatientRepository } from '../../ports/patient-ports';
import type { ReportRenderer } from '../../ports/report-renderer';
import type { ReportListQuery, ReportRepository } from '../../ports/report-repository';
import { buildReportDraft, type ReportDraft } from '../../reports/report-draft';
import { buildReportFacts } from '../../reports/report-facts';
import type { AudiometryType, NexoAnswersInput } from '../../reports/report-facts-types';
import { InvalidReportError, ReportImmutableError, ReportNotFoundError, parseNexoAnswers, type Report, type ReportView } from '../../reports/report';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';
import type { ClinicHeader } from '../accounts/manage-organization';
import { CFM_ITEM_STATUSES } from '../../reports/report-labels';
import type { WriteNarrative } from './write-narrative';

export interface GenerateReportInput {
  audiometryType: AudiometryType;
  consultationType?: string | null;
  consultationReason?: string | null;
  nexoCausalData?: Record<string, unknown> | null;
  confirmedPainpse?: { right?: boolean; left?: boolean };
}

type Deps = {
  reports: ReportRepository; exams: ExamRepository; patients: PatientRepository; professionals: ProfessionalRepository;
  narrative: WriteNarrative; renderer: ReportRenderer; storage: FileStorage; ids: IdGenerator; clock: Clock;
  /** The clinic header printed on every laudo (Configurações → Clínica); absent: the organisation name of the facts. */
  clinic?: { header(organizationId: string): Promise<ClinicHeader | undefined> };
};

/**
 * Laudos (spec §2 wizard/editor, §7 reports calls; product decision 5): the rules compute the facts,
 * the writer writes the narrative, the professional edits the draft, finalising issues the PDF once.
 */
export class ManageReports {
  constructor(private readonly d: Deps) {}

  async generate(auth: AuthContext, examId: string, input: GenerateReportInput): Promise<Result<ReportView, ExamNotFoundError | PatientNotFoundError | InvalidReportError | ReportImmutableError>> {
    const existing = await this.d.reports.findByExam(auth.organizationId, examId);
    if (existing?.report.status === 'Finalizado') return err(new ReportImmutableError());
    const wizardRule = checkWizardRules(input);
    if (wizardRule) return err(wizardRule);
    const answers = input.audiometryType === 'nexo-causal' ? parseNexoAnswers(input.nexoCausalData ?? {}) : { ok: true as const, value: null };
    if (!answers.ok) return err(answers.error);
    const draft = await this.buildDraft(auth, examId, { ...input, nexoAnswers: answers.value });
    if (!draft.ok) return draft;
    const me = (await this.d.professionals.findById(auth.userId))!;
    const now = this.d.clock.now();
    const report: Report = {
      id: existing?.report.id ?? this.d.ids.next(), organizationId: auth.organizationId, patientId: draft.value.patientId, examId, doctorId: me.id, doctorName: me.name,
      type: input.audiometryType, status: 'Draft', consultationType: input.consultationType ?? null, consultationReason: input.consultationReason ?? null,
      nexoAnswers: answers.value, draftJson: JSON.stringify(draft.value.draft), pdfStorageKey: null, pdfSha256: null,
      createdAt: existing?.report.createdAt ?? now, updatedAt: now, finalizedAt: null,
    };
    await this.d.reports.save(report);
    return ok((await this.d.reports.findById(auth.organizationId, report.id))!);
  }

  async get(auth: AuthContext, id: string): Promise<Result<ReportView, ReportNotFoundError>> {
    const view = await this.d.reports.findById(auth.organizationId, id);
    return view ? ok(view) : err(new ReportNotFoundError());
  }

  byExam(auth: AuthContext, examId: string) {
    return this.d.reports.findByExam(auth.organizationId, examId);
  }

  list(auth: AuthContext, query: Omit<ReportListQuery, 'organizationId'>) {
    return this.d.reports.list({ organizationId: auth.organizationId, ...query, q: query.q?.trim() || undefined });
  }

  /**
   * Saves the professional's edits (spec §7 PUT {draftJson}). The rules' facts and version are
   * kept from the stored draft: an edit can change the text, never the computed facts.
   */
  async updateDraft(auth: AuthContext, id: string, draftJson: string): Promise<Result<ReportView, ReportNotFoundError | ReportImmutableError | InvalidReportError>> {
    const view = await this.d.reports.findById(auth.organizationId, id);
    if (!view) return err(new ReportNotFoundError());
    if (view.report.status === 'Finalizado') return err(new ReportImmutableError());
    let edited: Record<string, unknown>;
    try {
      edited = JSON.parse(draftJson);
    } catch {
      return err(new InvalidReportError('draftJson não é um JSON válido', [{ path: 'draftJson', message: 'JSON inválido' }]));
    }
    if (typeof edited !== 'object' || edited === null || Array.isArray(edited)) {
      return err(new InvalidReportError('draftJson deve ser um objeto JSON', [{ path: 'draftJson', message: 'deve ser um objeto' }]));
    }
    const stored = JSON.parse(view.report.draftJson) as ReportDraft;
    const checklist = mergeChecklist(stored, edited.nexo_causal);
    if (!checklist.ok) return err(checklist.error);
    const nexo = edited.nexo_causal && typeof edited.nexo_causal === 'object' ? { ...(edited.nexo_causal as object), checklist_cfm: checklist.value } : stored.nexo_causal;
    const merged = { ...stored, ...edited, nexo_causal: nexo, facts: stored.facts, rules_version: stored.rules_version, tipo: stored.tipo };
    await this.d.reports.save({ ...view.report, draftJson: JSON.stringify(merged), updatedAt: this.d.clock.now() });
    return ok((await this.d.reports.findById(auth.organizationId, id))!);
  }

  /** Draft → Finalizado: renders the PDF once, stores it encrypted with its SHA-256. */
  async finalize(auth: AuthContext, id: string): Promise<Result<ReportView, ReportNotFoundError | ReportImmutableError>> {
    const view = await this.d.reports.findById(auth.organizationId, id);
    if (!view) return err(new ReportNotFoundError());
    if (view.report.status === 'Finalizado') return ok(view);
    const now = this.d.clock.now();
    const pdf = await this.render({ ...view, report: { ...view.report, status: 'Finalizado' } }, now);
    const stored = await this.d.storage.put(auth.organizationId, pdf);
    await this.d.reports.save({ ...view.report, status: 'Finalizado', pdfStorageKey: stored.key, pdfSha256: stored.sha256, finalizedAt: now, updatedAt: now });
    return ok((await this.d.reports.findById(auth.organizationId, id))!);
  }

  /** The PDF: the issued one when finalised, else rendered from the current draft. */
  async pdf(auth: AuthContext, id: string): Promise<Result<{ bytes: Uint8Array; view: ReportView }, ReportNotFoundError>> {
    const view = await this.d.reports.findById(auth.organizationId, id);
    if (!view) return err(new ReportNotFoundError());
    const bytes = view.report.pdfStorageKey ? await this.d.storage.read(view.report.pdfStorageKey) : await this.render(view, this.d.clock.now());
    return ok({ bytes, view });
  }

  private async render(view: ReportView, now: Date) {
    const draft = JSON.parse(view.report.draftJson) as ReportDraft;
    const clinic = (await this.d.clinic?.header(view.report.organizationId)) ?? null;
    return this.d.renderer.render({ facts: draft.facts, draft, reportId: view.report.id, status: view.report.status, issuedOn: now.toISOString().slice(0, 10), clinic });
  }

  private async buildDraft(auth: AuthContext, examId: string, input: Omit<GenerateReportInput, 'nexoCausalData'> & { nexoAnswers: NexoAnswersInput | null }) {
    const view = await this.d.exams.findById(auth.organizationId, examId);
    if (!view) return err(new ExamNotFoundError());
    if (!hasAirThresholds(view.exam)) {
      // spec §5 wizard: nothing to interpret until the audiogram was read or typed
      return err(new InvalidReportError(NO_AUDIOGRAM_MESSAGE, [{ path: 'exam.audiogram', message: NO_AUDIOGRAM_MESSAGE }]));
    }
    const patient = await this.d.patients.findById(auth.organizationId, view.exam.patientId);
    if (!patient) return err(new PatientNotFoundError());
    const me = (await this.d.professionals.findById(auth.userId))!;
    const history = await this.d.exams.listForPatient(auth.organizationId, patient.id);
    const facts = buildReportFacts({
      exam: view.exam, history, patient, professional: me, organizationName: me.organizationName, audiometryType: input.audiometryType,
      consultationType: input.consultationType, consultationReason: input.consultationReason, nexoAnswers: input.nexoAnswers,
      confirmedPainpse: input.confirmedPainpse, today: this.d.clock.now().toISOString().slice(0, 10),
    });
    const written = await this.d.narrative.execute(facts);
    return ok({ patientId: patient.id, draft: buildReportDraft(facts, written.narrative, written.source) });
  }
}

export const CONSULTATION_TYPES = ['Eletiva', 'Ocupacional', 'Judicial / Pericial', 'Infantil / Neo Natal'] as const;
export const OCCUPATIONAL_REASONS = ['Admissional', 'Periódica', 'Retorno ao trabalho', 'Mudança de função', 'Demissional'] as const;
export const NO_AUDIOGRAM_MESSAGE =
  'Nenhum arquivo foi analisado com sucesso pela IA. Você precisa preencher os dados do audiograma manualmente antes de prosseguir';

/** The server-side counterparts of the wizard's step messages (spec §5), checked before any work. */
function checkWizardRules(input: GenerateReportInput): InvalidReportError | undefined {
  // null is allowed: the report editor (/report/{examId}) drafts without the wizard's context
  if (input.consultationType && !(CONSULTATION_TYPES as readonly string[]).includes(input.consultationType)) {
    return new InvalidReportError('Por favor, selecione o tipo de consulta', [{ path: 'consultationType', message: 'Por favor, selecione o tipo de consulta' }]);
  }
  if (input.consultationType === 'Ocupacional' && !(OCCUPATIONAL_REASONS as readonly string[]).includes(input.consultationReason ?? '')) {
    return new InvalidReportError('Por favor, selecione o motivo da consulta ocupacional', [{ path: 'consultationReason', message: 'Por favor, selecione o motivo da consulta ocupacional' }]);
  }
  return undefined;
}

/**
 * The CFM 2.323/2022 art. 2º checklist of an edit: the nine item texts stay the rules' ones; only
 * each item's status (one of CFM_ITEM_STATUSES) and evidence text come from the professional.
 */
function mergeChecklist(stored: ReportDraft, editedNexo: unknown): { ok: true; value: ReportDraft['nexo_causal']['checklist_cfm'] } | { ok: false; error: InvalidReportError } {
  const base = stored.nexo_causal?.checklist_cfm ?? [];
  const edited = (editedNexo as { checklist_cfm?: unknown } | undefined)?.checklist_cfm;
  if (edited === undefined) return { ok: true, value: base };
  if (!Array.isArray(edited)) return { ok: false, error: new InvalidReportError('checklist_cfm deve ser uma lista', [{ path: 'nexo_causal.checklist_cfm', message: 'deve ser uma lista' }]) };
  const value = base.map((item, i) => {
    const e = (edited[i] ?? {}) as { status?: unknown; evidencia?: unknown };
    const status = typeof e.status === 'string' && (CFM_ITEM_STATUSES as readonly string[]).includes(e.status) ? e.status : item.status;
    const evidencia = typeof e.evidencia === 'string' ? e.evidencia.slice(0, 2000) : item.evidencia;
    return { item: item.item, status, ...(evidencia ? { evidencia } : {}) };
  });
  return { ok: true, value };
}
