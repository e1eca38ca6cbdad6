import { attributionOf, type Attribution } from '../../accounts/attribution';
import { requireFinalizePermission, requirePermission, type ForbiddenError } from '../../accounts/permissions';
import type { Professional } from '../../accounts/professional';
import { hasAirThresholds } from '../../exams/exam';
import { ExamNotFoundError } from '../../exams/exam-errors';
import { examTypeOfConsultation } from '../../exams/exam-input';
import { PatientNotFoundError } from '../../patients/patient-errors';
import { programmeToday } from '../../programme/schedule';
import type { ProfessionalRepository } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import type { FileStorage } from '../../ports/file-storage';
import type { IdGenerator } from '../../ports/id-generator';
import type { ExamRepository, PatientRepository } from '../../ports/patient-ports';
import type { ReportRenderer } from '../../ports/report-renderer';
import type { ReportListQuery, ReportRepository } from '../../ports/report-repository';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { DomainError } from '../../shared/domain-error';
import { inTransaction } from '../../shared/in-transaction';
import { buildReportDraft, type ReportDraft } from '../../reports/report-draft';
import { buildReportFacts, professionalFacts } from '../../reports/report-facts';
import type { AudiometryType, NexoAnswersInput } from '../../reports/report-facts-types';
import {
  AMENDMENT_REASON_MAX, AMENDMENT_REASON_MESSAGE, AMENDMENT_REASON_MIN, InvalidReportError, ReportAmendmentInUseError, ReportImmutableError, ReportNotAmendableError, ReportNotAnAmendmentError,
  ReportNotFoundError, ReportPatientArchivedError, ReportPdfRemovedError, ReportStaleError, ReportSupersededError, parseNexoAnswers, type Report, type ReportView,
} from '../../reports/report';
import { nameInitials, normalizeVerificationCode, verificationCodeFrom } from '../../reports/verification-code';
import type { LaudoAmendmentNote, LaudoSignatureStamp } from '../../ports/report-renderer';
import type { VerifiedReportView } from '../../ports/report-repository';
import type { SignatureMeta, SigningCredential } from '../../ports/signing-ports';
import { compareReportFacts, FRESH, type ReportFreshness } from '../../reports/report-freshness';
import { refreshDraft } from '../../reports/report-refresh';
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
  /** Finalising runs in one transaction holding the laudo's row lock (issue 15: one PDF however many clicks). */
  uow: UnitOfWork;
  /** The clinic header printed on every laudo (Configurações → Clínica); absent: the organisation name of the facts. */
  clinic?: { header(organizationId: string): Promise<ClinicHeader | undefined> };
  /** Digital signing with the finalising professional's A1 certificate (issue 20); absent: every laudo is signed "simples". */
  signing?: LaudoSigning;
};

/** What finalising needs of the certificates (issue 20): composed from the certificate store and the PDF signer. */
export interface LaudoSigning {
  /**
   * The professional's certificate and credential when one was uploaded; null without one (the laudo
   * is signed "simples"); an error (pt-BR) when it expired or is not valid yet: finalising is refused.
   */
  credentialFor(organizationId: string, userId: string, now: Date): Promise<Result<{ certificate: { subjectName: string; issuerName: string; serialNumber: string }; credential: SigningCredential } | null, DomainError>>;
  /** PAdES-signs the PDF; throws when it cannot (the laudo is not issued). */
  sign(pdf: Uint8Array, credential: SigningCredential, meta: SignatureMeta): Promise<Uint8Array>;
}

/** One version of a laudo as its history lists it (issue 20). */
export interface ReportVersionSummary {
  id: string;
  version: number;
  status: Report['status'];
  current: boolean;
  createdAt: Date;
  finalizedAt: Date | null;
  finalizedBy: Report['finalizedBy'];
  amendmentReason: string | null;
  verificationCode: string | null;
  signatureKind: Report['signatureKind'];
  supersededAt: Date | null;
  pdfSha256: string | null;
}

/** What the public verification page may show (issue 20): the document, its signer, never the worker beyond initials. */
export interface LaudoVerification {
  code: string;
  version: number;
  currentVersion: number;
  superseded: boolean;
  supersededAt: Date | null;
  signedAt: Date | null;
  signedBy: { name: string; registry: string | null } | null;
  signatureKind: Report['signatureKind'];
  documentSha256: string | null;
  type: Report['type'];
  examDate: string;
  patientInitials: string;
  organizationName: string;
}

/**
 * Laudos (spec §2 wizard/editor, §7 reports calls; product decision 5): the rules compute the facts,
 * the writer writes the narrative, the professional edits the draft, finalising issues the PDF once.
 */
export class ManageReports {
  constructor(private readonly d: Deps) {}

  async generate(auth: AuthContext, examId: string, input: GenerateReportInput): Promise<Result<CheckedReportView, ExamNotFoundError | PatientNotFoundError | InvalidReportError | ReportImmutableError | ReportPatientArchivedError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'laudo.draft');
    if (!allowed.ok) return allowed;
    const existing = await this.d.reports.findByExam(auth.organizationId, examId);
    if (existing?.report.status === 'Finalizado') return err(new ReportImmutableError());
    if (await this.archived(auth, existing?.report.patientId ?? (await this.d.exams.findById(auth.organizationId, examId))?.exam.patientId)) return err(new ReportPatientArchivedError());
    const wizardRule = checkWizardRules(input);
    if (wizardRule) return err(wizardRule);
    const answers = input.audiometryType === 'nexo-causal' ? parseNexoAnswers(input.nexoCausalData ?? {}) : { ok: true as const, value: null };
    if (!answers.ok) return err(answers.error);
    const draft = await this.buildDraft(auth, examId, { ...input, nexoAnswers: answers.value }, auth.userId);
    if (!draft.ok) return draft;
    const me = (await this.d.professionals.findById(auth.userId))!;
    const now = this.d.clock.now();
    const report: Report = {
      id: existing?.report.id ?? this.d.ids.next(), organizationId: auth.organizationId, patientId: draft.value.patientId, examId, doctorId: me.id, doctorName: me.name,
      type: input.audiometryType, status: 'Draft', consultationType: input.consultationType ?? null, consultationReason: input.consultationReason ?? null,
      nexoAnswers: answers.value, draftJson: JSON.stringify({ ...draft.value.draft, ...(input.confirmedPainpse ? { confirmacao_painpse: input.confirmedPainpse } : {}) }), pdfStorageKey: null, pdfSha256: null,
      createdAt: existing?.report.createdAt ?? now, updatedAt: now, finalizedAt: null, draftedBy: attributionOf(auth, me, now), finalizedBy: null,
      version: existing?.report.version ?? 1, supersedesId: existing?.report.supersedesId ?? null, supersededAt: null,
      amendmentReason: existing?.report.amendmentReason ?? null, verificationCode: null, signatureKind: null,
    };
    await this.d.reports.save(report);
    await this.typeFromConsultation(auth, examId, report);
    return ok({ ...(await this.d.reports.findById(auth.organizationId, report.id))!, freshness: FRESH });
  }

  /** Issue 19: an exam without a type takes the one its laudo's occupational consultation names (Periódica → periodico, …). */
  private async typeFromConsultation(auth: AuthContext, examId: string, report: Pick<Report, 'consultationType' | 'consultationReason'>): Promise<void> {
    const examType = examTypeOfConsultation(report.consultationType, report.consultationReason);
    if (!examType) return;
    const view = await this.d.exams.findById(auth.organizationId, examId);
    if (view && !view.exam.examType) await this.d.exams.update({ ...view.exam, examType });
  }

  /** The laudo, with whether its draft still states the records as they are now. */
  async get(auth: AuthContext, id: string): Promise<Result<CheckedReportView, ReportNotFoundError>> {
    const view = await this.d.reports.findById(auth.organizationId, id);
    return view ? ok(await this.checked(auth, view)) : err(new ReportNotFoundError());
  }

  /** The exam's laudo, or null; an exam of another organisation (or none) is "not found" (issue 15). */
  async byExam(auth: AuthContext, examId: string): Promise<Result<CheckedReportView | null, ExamNotFoundError>> {
    const view = await this.d.reports.findByExam(auth.organizationId, examId);
    if (view) return ok(await this.checked(auth, view));
    return (await this.d.exams.findById(auth.organizationId, examId)) ? ok(null) : err(new ExamNotFoundError());
  }

  /** Every laudo of one worker of the caller's organisation; another organisation's worker is "not found" (issue 15). */
  async forPatient(auth: AuthContext, patientId: string): Promise<Result<ReportView[], PatientNotFoundError>> {
    if (!(await this.d.patients.findById(auth.organizationId, patientId))) return err(new PatientNotFoundError());
    return ok((await this.d.reports.list({ organizationId: auth.organizationId, patientId, limit: 500, offset: 0 })).items);
  }

  /**
   * Whether a draft was organised from facts that no longer hold (issue 14 follow-up): the facts are
   * rebuilt from the records with the draft's own inputs and compared section by section with the
   * stored ones. A finalised laudo is never stale: its PDF was issued.
   */
  async freshness(auth: AuthContext, view: ReportView): Promise<ReportFreshness> {
    if (view.report.status === 'Finalizado') return FRESH;
    const stored = JSON.parse(view.report.draftJson) as ReportDraft;
    const current = await this.currentFacts(auth, view.report, stored);
    if (!current.ok) return { stale: true, changes: ['dados do exame'] };
    return compareReportFacts(stored.facts, current.value);
  }

  /**
   * Reorganises a stale draft with the records as they are now, keeping the professional's edits
   * where they were made (refreshDraft); `keptEdits` names them so the editor asks for a review.
   */
  async refresh(auth: AuthContext, id: string): Promise<Result<CheckedReportView & { keptEdits: readonly string[] }, ReportNotFoundError | ReportImmutableError | ReportPatientArchivedError | ExamNotFoundError | PatientNotFoundError | InvalidReportError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'laudo.draft');
    if (!allowed.ok) return allowed;
    const view = await this.d.reports.findById(auth.organizationId, id);
    if (!view) return err(new ReportNotFoundError());
    if (view.report.status === 'Finalizado') return err(new ReportImmutableError());
    if (await this.archived(auth, view.report.patientId)) return err(new ReportPatientArchivedError());
    const stored = JSON.parse(view.report.draftJson) as ReportDraft;
    const fresh = await this.buildDraft(auth, view.report.examId, this.inputsOf(view.report, stored), view.report.doctorId || auth.userId);
    if (!fresh.ok) return fresh;
    const merged = refreshDraft(stored, fresh.value.draft);
    const draftJson = JSON.stringify({ ...merged.draft, ...(stored.confirmacao_painpse ? { confirmacao_painpse: stored.confirmacao_painpse } : {}) });
    await this.d.reports.save({ ...view.report, draftJson, updatedAt: this.d.clock.now() });
    const saved = (await this.d.reports.findById(auth.organizationId, id))!;
    return ok({ ...saved, freshness: await this.freshness(auth, saved), keptEdits: merged.keptEdits });
  }

  list(auth: AuthContext, query: Omit<ReportListQuery, 'organizationId'>) {
    return this.d.reports.list({ organizationId: auth.organizationId, ...query, q: query.q?.trim() || undefined });
  }

  /**
   * Saves the professional's edits (spec §7 PUT {draftJson}). The rules' facts and version are
   * kept from the stored draft: an edit can change the text, never the computed facts.
   */
  async updateDraft(auth: AuthContext, id: string, draftJson: string): Promise<Result<CheckedReportView, ReportNotFoundError | ReportImmutableError | InvalidReportError | ReportPatientArchivedError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'laudo.draft');
    if (!allowed.ok) return allowed;
    const view = await this.d.reports.findById(auth.organizationId, id);
    if (!view) return err(new ReportNotFoundError());
    if (view.report.status === 'Finalizado') return err(new ReportImmutableError());
    if (await this.archived(auth, view.report.patientId)) return err(new ReportPatientArchivedError());
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
    const merged = { ...stored, ...edited, nexo_causal: nexo, facts: stored.facts, rules_version: stored.rules_version, tipo: stored.tipo, texto_gerado: stored.texto_gerado, confirmacao_painpse: stored.confirmacao_painpse };
    await this.d.reports.save({ ...view.report, draftJson: JSON.stringify(merged), updatedAt: this.d.clock.now() });
    return ok(await this.checked(auth, (await this.d.reports.findById(auth.organizationId, id))!));
  }

  /**
   * Draft → Finalizado: renders the PDF once, stores it encrypted with its SHA-256. A stale draft
   * (its exam or history changed since it was organised) is refused until reorganised. Runs under
   * the laudo's row lock (issue 15): of parallel calls one issues the PDF, the others wait and
   * answer the issued laudo; a failed render or write leaves no stored file.
   */
  async finalize(auth: AuthContext, id: string): Promise<Result<CheckedReportView, FinalizeError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'laudo.finalize');
    if (!allowed.ok) return allowed;
    const issued: string[] = [];
    try {
      return await inTransaction(this.d.uow, async (): Promise<Result<CheckedReportView, FinalizeError | ForbiddenError>> => {
        const view = await this.d.reports.findByIdForUpdate(auth.organizationId, id);
        if (!view) return err(new ReportNotFoundError());
        // issued once: a second click (or a parallel one, after the first committed) changes nothing (issue 20: 409)
        if (view.report.status === 'Finalizado') return err(view.report.supersededAt ? new ReportSupersededError() : new ReportImmutableError());
        const mayFinalize = requireFinalizePermission(auth, view.report.type);
        if (!mayFinalize.ok) return mayFinalize;
        if (await this.archived(auth, view.report.patientId)) return err(new ReportPatientArchivedError());
        const freshness = await this.freshness(auth, view);
        if (freshness.stale) return err(new ReportStaleError(freshness.changes));
        const now = this.d.clock.now();
        // the finalising professional signs the issued PDF, whoever organised the draft (issue 18)
        const signer = await this.d.professionals.findById(auth.userId);
        const finalizedBy = attributionOf(auth, signer, now);
        const credential = this.d.signing ? await this.d.signing.credentialFor(auth.organizationId, auth.userId, now) : ok(null);
        if (!credential.ok) return credential;
        const verificationCode = verificationCodeFrom(this.d.ids.next());
        const signature: LaudoSignatureStamp = credential.value
          ? { kind: 'icp', certificateSubject: credential.value.certificate.subjectName, certificateIssuer: credential.value.certificate.issuerName, certificateSerial: credential.value.certificate.serialNumber, signedAt: now.toISOString() }
          : { kind: 'simples', signedAt: now.toISOString() };
        const previous = view.report.supersedesId ? (await this.d.reports.findById(auth.organizationId, view.report.supersedesId))?.report : undefined;
        const amendment: LaudoAmendmentNote | null = previous
          ? { version: view.report.version, reason: view.report.amendmentReason ?? '', supersedes: { version: previous.version, finalizedAt: previous.finalizedAt?.toISOString() ?? null, verificationCode: previous.verificationCode } }
          : null;
        const finalised: Report = { ...view.report, status: 'Finalizado', finalizedBy, verificationCode, signatureKind: signature.kind };
        const rendered = await this.tryRender({ ...view, report: finalised }, now, signer, { verificationCode, signature, amendment });
        if (!rendered.ok) return rendered;
        let pdf = rendered.value;
        if (credential.value && this.d.signing) {
          try {
            pdf = await this.d.signing.sign(pdf, credential.value.credential, { signerName: signer?.name ?? finalizedBy.name, reason: `Laudo audiológico ocupacional — código de verificação ${verificationCode}`, signingTime: now });
          } catch (error) {
            return err(new ReportSignFailedError(error));
          }
        }
        const stored = await this.d.storage.put(auth.organizationId, pdf);
        issued.push(stored.key);
        await this.d.reports.save({ ...finalised, pdfStorageKey: stored.key, pdfSha256: stored.sha256, finalizedAt: now, updatedAt: now });
        // the amended version stays readable and verifiable, marked as replaced by this one
        if (previous) await this.d.reports.save({ ...previous, supersededAt: now, updatedAt: now });
        return ok({ ...(await this.d.reports.findById(auth.organizationId, id))!, freshness: FRESH });
      });
    } catch (error) {
      // the transaction did not commit: the PDF it stored belongs to no laudo
      await Promise.all(issued.map((key) => this.d.storage.delete(key).catch(() => undefined)));
      throw error;
    }
  }

  /**
   * Opens an amendment of a finalised laudo (issue 20): version n + 1, a draft copied from version n
   * with the reason, becomes the exam's current version. While it is open the exam may be corrected
   * (thresholds, dates, files; the draft then asks to be reorganised); finalising it signs it and
   * marks version n superseded. Version n stays readable, downloadable and verifiable.
   */
  async amend(auth: AuthContext, id: string, reason: string): Promise<Result<CheckedReportView, AmendError>> {
    const allowed = requirePermission(auth, 'laudo.finalize');
    if (!allowed.ok) return allowed;
    const text = (reason ?? '').trim();
    if (text.length < AMENDMENT_REASON_MIN || text.length > AMENDMENT_REASON_MAX) {
      return err(new InvalidReportError(AMENDMENT_REASON_MESSAGE, [{ path: 'reason', message: AMENDMENT_REASON_MESSAGE }]));
    }
    return inTransaction(this.d.uow, async (): Promise<Result<CheckedReportView, AmendError>> => {
      const view = await this.d.reports.findByIdForUpdate(auth.organizationId, id);
      if (!view) return err(new ReportNotFoundError());
      if (view.report.supersededAt) return err(new ReportSupersededError());
      const current = await this.d.reports.findByExam(auth.organizationId, view.report.examId);
      if (view.report.status !== 'Finalizado' || current?.report.id !== id) return err(new ReportNotAmendableError());
      const mayFinalize = requireFinalizePermission(auth, view.report.type);
      if (!mayFinalize.ok) return mayFinalize;
      if (await this.archived(auth, view.report.patientId)) return err(new ReportPatientArchivedError());
      const me = await this.d.professionals.findById(auth.userId);
      const now = this.d.clock.now();
      const amendment: Report = {
        ...view.report, id: this.d.ids.next(), status: 'Draft', version: view.report.version + 1, supersedesId: id, supersededAt: null, amendmentReason: text,
        verificationCode: null, signatureKind: null, pdfStorageKey: null, pdfSha256: null, finalizedAt: null, finalizedBy: null,
        createdAt: now, updatedAt: now, draftedBy: attributionOf(auth, me, now),
      };
      await this.d.reports.openAmendment(auth.organizationId, id, amendment);
      return ok(await this.checked(auth, (await this.d.reports.findById(auth.organizationId, amendment.id))!));
    });
  }

  /**
   * Abandons an open amendment: the draft is removed and the version it amended is in force again —
   * only while the exam still reads as that version states it (else 409: finalise the amendment).
   */
  async discardAmendment(auth: AuthContext, id: string): Promise<Result<CheckedReportView, DiscardError>> {
    const allowed = requirePermission(auth, 'laudo.draft');
    if (!allowed.ok) return allowed;
    return inTransaction(this.d.uow, async (): Promise<Result<CheckedReportView, DiscardError>> => {
      const view = await this.d.reports.findByIdForUpdate(auth.organizationId, id);
      if (!view) return err(new ReportNotFoundError());
      if (view.report.status !== 'Draft' || !view.report.supersedesId) return err(new ReportNotAnAmendmentError());
      const amended = (await this.d.reports.findById(auth.organizationId, view.report.supersedesId))!;
      const stated = JSON.parse(amended.report.draftJson) as ReportDraft;
      const now = await this.currentFacts(auth, amended.report, stated);
      if (!now.ok || compareReportFacts(stated.facts, now.value).stale) return err(new ReportAmendmentInUseError());
      await this.d.reports.discardAmendment(auth.organizationId, id);
      return ok(await this.checked(auth, (await this.d.reports.findById(auth.organizationId, view.report.supersedesId))!));
    });
  }

  /** Every version of the laudo the given version belongs to, oldest first. */
  async versions(auth: AuthContext, id: string): Promise<Result<ReportVersionSummary[], ReportNotFoundError>> {
    const view = await this.d.reports.findById(auth.organizationId, id);
    if (!view) return err(new ReportNotFoundError());
    const all = await this.d.reports.listVersions(auth.organizationId, view.report.examId);
    const top = Math.max(...all.map((v) => v.report.version));
    return ok(all.map(({ report: r }) => ({
      id: r.id, version: r.version, status: r.status, current: r.version === top, createdAt: r.createdAt, finalizedAt: r.finalizedAt, finalizedBy: r.finalizedBy ?? null,
      amendmentReason: r.amendmentReason, verificationCode: r.verificationCode, signatureKind: r.signatureKind, supersededAt: r.supersededAt, pdfSha256: r.pdfSha256,
    })));
  }

  /**
   * The public verification of a code printed on a laudo (issue 20, no login): that the document
   * exists, who signed it and when, its hash, whether it was superseded; of the worker, initials only.
   */
  async verify(rawCode: string): Promise<Result<LaudoVerification, ReportNotFoundError>> {
    const code = normalizeVerificationCode(rawCode);
    const found: VerifiedReportView | undefined = code ? await this.d.reports.findByVerificationCode(code) : undefined;
    if (!found || !code) return err(new ReportNotFoundError());
    const r = found.report;
    return ok({
      code, version: r.version, currentVersion: found.currentVersion, superseded: !!r.supersededAt, supersededAt: r.supersededAt,
      signedAt: r.finalizedAt, signedBy: r.finalizedBy ? { name: r.finalizedBy.name, registry: r.finalizedBy.registry } : null, signatureKind: r.signatureKind,
      documentSha256: r.pdfSha256, type: r.type, examDate: found.examDate, patientInitials: nameInitials(found.patientName), organizationName: found.organizationName,
    });
  }

  /** The PDF: the issued one when finalised, else rendered from the current draft. */
  async pdf(auth: AuthContext, id: string): Promise<Result<{ bytes: Uint8Array; view: ReportView }, ReportNotFoundError | ReportPdfRemovedError | ReportRenderFailedError>> {
    const view = await this.d.reports.findById(auth.organizationId, id);
    if (!view) return err(new ReportNotFoundError());
    if (view.report.pdfStorageKey) return ok({ bytes: await this.d.storage.read(view.report.pdfStorageKey), view });
    // an issued document is served as issued or not at all (its file may have been removed by an LGPD request)
    if (view.report.status === 'Finalizado') return err(new ReportPdfRemovedError());
    const bytes = await this.tryRender(view, this.d.clock.now());
    return bytes.ok ? ok({ bytes: bytes.value, view }) : bytes;
  }

  /** A render that throws (Chromium absent, crashed or timed out) is the spec's "Erro ao gerar PDF" (§8). */
  private async tryRender(view: ReportView, now: Date, signer?: Professional, issue?: IssueStamp): Promise<Result<Uint8Array, ReportRenderFailedError>> {
    try {
      return ok(await this.render(view, now, signer, issue));
    } catch (error) {
      return err(new ReportRenderFailedError(error));
    }
  }

  /**
   * The PDF of the laudo. The signature block names the professional who finalises (`signer`, at
   * finalisation) and, when someone else organised the draft, the laudo says who drafted it.
   */
  private async render(view: ReportView, now: Date, signer?: Professional, issue?: IssueStamp) {
    const draft = JSON.parse(view.report.draftJson) as ReportDraft;
    const clinic = (await this.d.clinic?.header(view.report.organizationId)) ?? null;
    const drafter = view.report.draftedBy ?? null;
    const signedByOther = !!signer && !!drafter && drafter.userId !== signer.id;
    return this.d.renderer.render({
      facts: draft.facts, draft, reportId: view.report.id, status: view.report.status, issuedOn: programmeToday(now), clinic,
      ...(signer ? { signer: professionalFacts(signer) } : {}),
      ...(signedByOther ? { draftedBy: draftedByOf(drafter) } : {}),
      ...(issue ?? {}),
    });
  }

  private async checked(auth: AuthContext, view: ReportView): Promise<CheckedReportView> {
    return { ...view, freshness: await this.freshness(auth, view) };
  }

  private async archived(auth: AuthContext, patientId: string | undefined) {
    if (!patientId) return false;
    return !!(await this.d.patients.findById(auth.organizationId, patientId))?.archivedAt;
  }

  /** The inputs a draft was organised with: the report's own, and the physician's "já confirmado" kept in the draft. */
  private inputsOf(report: Report, draft: ReportDraft): DraftInput {
    return {
      audiometryType: report.type, consultationType: report.consultationType, consultationReason: report.consultationReason, nexoAnswers: report.nexoAnswers,
      confirmedPainpse: draft.confirmacao_painpse,
    };
  }

  private async currentFacts(auth: AuthContext, report: Report, drafted: ReportDraft) {
    const input = await this.factsInput(auth, report.examId, this.inputsOf(report, drafted), report.doctorId || auth.userId);
    return input.ok ? ok(buildReportFacts(input.value)) : input;
  }

  private async factsInput(auth: AuthContext, examId: string, input: DraftInput, professionalId: string) {
    const view = await this.d.exams.findById(auth.organizationId, examId);
    if (!view) return err(new ExamNotFoundError());
    if (!hasAirThresholds(view.exam)) {
      // spec §5 wizard: nothing to interpret until the audiogram was read or typed
      return err(new InvalidReportError(NO_AUDIOGRAM_MESSAGE, [{ path: 'exam.audiogram', message: NO_AUDIOGRAM_MESSAGE }]));
    }
    const patient = await this.d.patients.findById(auth.organizationId, view.exam.patientId);
    if (!patient) return err(new PatientNotFoundError());
    const professional = (await this.d.professionals.findById(professionalId)) ?? (await this.d.professionals.findById(auth.userId))!;
    const history = await this.d.exams.listForPatient(auth.organizationId, patient.id);
    return ok({
      exam: view.exam, history, patient, professional, organizationName: professional.organizationName, audiometryType: input.audiometryType,
      consultationType: input.consultationType, consultationReason: input.consultationReason, nexoAnswers: input.nexoAnswers,
      confirmedPainpse: input.confirmedPainpse, today: programmeToday(this.d.clock.now()),
    });
  }

  private async buildDraft(auth: AuthContext, examId: string, input: DraftInput, professionalId: string) {
    const factsInput = await this.factsInput(auth, examId, input, professionalId);
    if (!factsInput.ok) return factsInput;
    const facts = buildReportFacts(factsInput.value);
    const written = await this.d.narrative.execute(facts);
    return ok({ patientId: factsInput.value.patient.id, draft: buildReportDraft(facts, written.narrative, written.source) });
  }
}

/**
 * The PDF could not be rendered (spec §8 "Erro ao gerar PDF"): the renderer is unavailable or timed
 * out; nothing was issued or stored, and the same call may be retried (HTTP 503).
 */
export class ReportRenderFailedError extends DomainError {
  readonly code = 'REPORT.RENDER_FAILED';
  /** The renderer restarts a dead Chromium on the next call: worth a retry shortly. */
  readonly retryAfterSeconds = 5;
  constructor(cause?: unknown) {
    super('Erro ao gerar PDF');
    this.cause = cause; // logged with the 5xx, never sent to the client
  }
}

/**
 * The PDF was rendered but could not be signed with the professional's certificate (a damaged stored
 * certificate, a signer failure): nothing was issued; HTTP 503 like a failed render.
 */
export class ReportSignFailedError extends DomainError {
  readonly code = 'REPORT.SIGN_FAILED';
  constructor(cause?: unknown) {
    super('Erro ao assinar o PDF com o certificado digital. Nada foi emitido; tente novamente ou verifique o certificado em Configurações › Segurança.');
    this.cause = cause;
  }
}

type FinalizeError = ReportNotFoundError | ReportImmutableError | ReportSupersededError | ReportStaleError | ReportPatientArchivedError | ReportRenderFailedError | ReportSignFailedError | DomainError;

type DiscardError = ReportNotFoundError | ReportNotAnAmendmentError | ReportAmendmentInUseError | ForbiddenError;

type AmendError = ReportNotFoundError | ReportNotAmendableError | ReportSupersededError | ReportPatientArchivedError | InvalidReportError | ForbiddenError;

/** What a finalised version prints besides its draft (issue 20). */
type IssueStamp = { verificationCode: string; signature: LaudoSignatureStamp; amendment: LaudoAmendmentNote | null };

type DraftInput = Omit<GenerateReportInput, 'nexoCausalData'> & { nexoAnswers: NexoAnswersInput | null };

/** A laudo with whether its draft still states the records as they are now (always fresh once finalised). */
export type CheckedReportView = ReportView & { freshness: ReportFreshness };

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

/** Who organised a draft, as the laudo mentions it when another professional signs. */
function draftedByOf(a: Attribution): { name: string; registry: string | null } {
  return { name: a.name, registry: a.registry };
}
