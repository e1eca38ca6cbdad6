import { requirePermission, type ForbiddenError } from '../../accounts/permissions';
import {
  asoEditable, employmentForAso, missingEmployerData, s2220EventOf, validateAsoInput, type Aso, type AsoEventStatus, type AsoInput, type AsoView,
  type EsocialEnvironment, type S2220Event,
} from '../../esocial/aso';
import {
  AsoNotEditableError, AsoNotFoundError, EventAlreadyCurrentError, EventNotGeneratedError, InvalidAsoError, InvalidReceiptError, ReceiptBeforeExportError,
  type InvalidS2220EventError,
} from '../../esocial/esocial-errors';
import { esocialEventId, eventIdPrefix, parseReceipt, RECEIPT_FORMAT_MESSAGE } from '../../esocial/event-id';
import { ExamNotFoundError } from '../../exams/exam-errors';
import type { ProfessionalRepository } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import type { AsoRepository, S2220XmlWriter, ZipWriter } from '../../ports/esocial-ports';
import type { IdGenerator } from '../../ports/id-generator';
import type { ExamRepository, PatientRepository } from '../../ports/patient-ports';
import type { CompanyRecords, EmploymentRepository } from '../../ports/programme-ports';
import { CompanyNotFoundError } from '../../programme/programme-errors';
import { programmeToday } from '../../programme/schedule';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';

export interface AsoStores {
  asos: AsoRepository;
  exams: Pick<ExamRepository, 'findById'>;
  patients: Pick<PatientRepository, 'findById'>;
  employments: Pick<EmploymentRepository, 'listForPatient'>;
  companies: Pick<CompanyRecords, 'get'>;
  professionals: Pick<ProfessionalRepository, 'findById'>;
}

export interface EsocialSettings {
  /** tpAmb of the generated events: 1 produção (default), 2 produção restrita (tests with the employer's software). */
  environment: EsocialEnvironment;
  /** verProc: the emitting application and its version. */
  applicationVersion: string;
}

export type AsoWriteError = ForbiddenError | ExamNotFoundError | AsoNotFoundError | InvalidAsoError | AsoNotEditableError;
export type AsoEventError = ForbiddenError | AsoNotFoundError | InvalidAsoError | InvalidS2220EventError | EventAlreadyCurrentError;

/** One file of a batch export, and the ASOs left out (with why, pt-BR). */
export interface S2220Batch {
  zip: Uint8Array | null;
  files: Array<{ asoId: string; name: string }>;
  skipped: Array<{ asoId: string; patientName: string; asoDate: string; message: string }>;
}

export const S2220_BATCH_MAX = 5000;
const PENDING_EXPORT: readonly AsoEventStatus[] = ['pendente', 'gerado', 'retificacao_pendente'];

/** The file name of one event: S-2220-<Id>.xml. */
export const s2220FileName = (eventId: string) => `S-2220-${eventId}.xml`;

/**
 * ASOs and their eSocial S-2220 events (issue 21, docs/esocial.md). Reading needs only an active
 * membership. Creating and editing an ASO needs `laudo.finalize` (the ASO is a clinical document the
 * examining professional issues; the physician who signs it is named in it, CRM and UF); generating,
 * downloading, the batch and typing the receipt need `dashboards.export` (exporting the organisation's
 * data to the employer's software). Another organisation's ids are not found (404).
 */
export class ManageAsos {
  constructor(
    private readonly s: AsoStores,
    private readonly xml: S2220XmlWriter,
    private readonly zipper: ZipWriter,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly settings: EsocialSettings,
  ) {}

  get(auth: AuthContext, id: string): Promise<Result<AsoView, AsoNotFoundError>> {
    return this.s.asos.get(auth.organizationId, id).then((v) => (v ? ok(v) : err(new AsoNotFoundError())));
  }

  async listForExam(auth: AuthContext, examId: string): Promise<Result<AsoView[], ExamNotFoundError>> {
    if (!(await this.s.exams.findById(auth.organizationId, examId))) return err(new ExamNotFoundError());
    return ok(await this.s.asos.listForExam(auth.organizationId, examId));
  }

  list(auth: AuthContext, q: { companyId?: string; from?: string; to?: string; status?: AsoEventStatus; limit?: number; offset?: number }) {
    return this.s.asos.list(auth.organizationId, {
      companyId: q.companyId, from: q.from, to: q.to, statuses: q.status ? [q.status] : undefined, limit: q.limit ?? 100, offset: q.offset ?? 0,
    });
  }

  async create(auth: AuthContext, examId: string, input: AsoInput): Promise<Result<AsoView, AsoWriteError>> {
    const allowed = requirePermission(auth, 'laudo.finalize');
    if (!allowed.ok) return allowed;
    const found = await this.s.exams.findById(auth.organizationId, examId);
    if (!found) return err(new ExamNotFoundError());
    const built = await this.build(auth, found.exam, input, undefined);
    if (!built.ok) return built;
    const now = this.clock.now();
    const aso: Aso = {
      id: this.ids.next(), organizationId: auth.organizationId, patientId: found.exam.patientId, examId, ...built.value, createdAt: now, updatedAt: now,
      event: { status: 'pendente', eventId: null, xml: null, generatedAt: null, exportedAt: null, receipt: null, indRetif: 1, retifiedReceipt: null },
    };
    await this.s.asos.insert(aso);
    return ok((await this.s.asos.get(auth.organizationId, aso.id))!);
  }

  /**
   * Edits the ASO (absent fields keep their value). Before export the event is discarded (back to
   * pending); after export the change is a retification: status retificacao_pendente, indRetif 2 with
   * the typed receipt (409 when the receipt was not typed yet).
   */
  async update(auth: AuthContext, id: string, input: AsoInput): Promise<Result<AsoView, AsoWriteError>> {
    const allowed = requirePermission(auth, 'laudo.finalize');
    if (!allowed.ok) return allowed;
    const current = await this.s.asos.get(auth.organizationId, id);
    if (!current) return err(new AsoNotFoundError());
    const status = current.event.status;
    if (status === 'exportado' && !current.event.receipt) return err(new AsoNotEditableError());
    const found = await this.s.exams.findById(auth.organizationId, current.examId);
    if (!found) return err(new AsoNotFoundError());
    const merged: AsoInput = {
      asoDate: input.asoDate === undefined ? current.asoDate : input.asoDate,
      result: input.result === undefined ? current.result : input.result,
      examType: input.examType === undefined ? current.examType : input.examType,
      employmentId: input.employmentId === undefined ? current.employmentId : input.employmentId,
      otherProcedures: input.otherProcedures === undefined ? current.otherProcedures : input.otherProcedures,
      physician: input.physician === undefined ? current.physician : input.physician,
      coordinator: input.coordinator === undefined ? current.coordinator : input.coordinator,
    };
    const built = await this.build(auth, found.exam, merged, current.physician);
    if (!built.ok) return built;
    const retification = !asoEditable(status) || current.event.indRetif === 2;
    const aso: Aso = {
      ...strip(current), ...built.value, updatedAt: this.clock.now(),
      event: {
        ...current.event,
        status: retification ? 'retificacao_pendente' : 'pendente',
        indRetif: retification ? 2 : 1,
        eventId: null, xml: null, generatedAt: null, retifiedReceipt: null,
      },
    };
    await this.s.asos.update(aso);
    return ok((await this.s.asos.get(auth.organizationId, id))!);
  }

  /** Generates the S-2220 (validated against evtMonit.xsd): status gerado. A generated event is generated again (new Id). */
  async generate(auth: AuthContext, id: string): Promise<Result<AsoView, AsoEventError>> {
    const allowed = requirePermission(auth, 'dashboards.export');
    if (!allowed.ok) return allowed;
    const view = await this.s.asos.get(auth.organizationId, id);
    if (!view) return err(new AsoNotFoundError());
    if (view.event.status === 'exportado' || view.event.status === 'recebido') return err(new EventAlreadyCurrentError());
    return this.generateView(view);
  }

  /** The generated XML; the first download of a generated event marks it exported. */
  async download(auth: AuthContext, id: string): Promise<Result<{ eventId: string; xml: string; aso: AsoView }, ForbiddenError | AsoNotFoundError | EventNotGeneratedError>> {
    const allowed = requirePermission(auth, 'dashboards.export');
    if (!allowed.ok) return allowed;
    const view = await this.s.asos.get(auth.organizationId, id);
    if (!view) return err(new AsoNotFoundError());
    if (!view.event.xml || !view.event.eventId) return err(new EventNotGeneratedError());
    if (view.event.status !== 'gerado') return ok({ eventId: view.event.eventId, xml: view.event.xml, aso: view });
    const exported: Aso = { ...strip(view), event: { ...view.event, status: 'exportado', exportedAt: this.clock.now() } };
    await this.s.asos.update(exported);
    return ok({ eventId: view.event.eventId, xml: view.event.xml, aso: (await this.s.asos.get(auth.organizationId, id))! });
  }

  /** The receipt (nrRecibo) the eSocial gave for the exported event: status recebido. */
  async setReceipt(auth: AuthContext, id: string, input: { receipt?: string | null }): Promise<Result<AsoView, ForbiddenError | AsoNotFoundError | InvalidReceiptError | ReceiptBeforeExportError>> {
    const allowed = requirePermission(auth, 'dashboards.export');
    if (!allowed.ok) return allowed;
    const view = await this.s.asos.get(auth.organizationId, id);
    if (!view) return err(new AsoNotFoundError());
    const receipt = parseReceipt(input.receipt ?? '');
    if (!receipt) return err(new InvalidReceiptError(RECEIPT_FORMAT_MESSAGE, [{ path: 'receipt', message: RECEIPT_FORMAT_MESSAGE }]));
    if (view.event.status !== 'exportado' && view.event.status !== 'recebido') return err(new ReceiptBeforeExportError());
    await this.s.asos.update({ ...strip(view), event: { ...view.event, status: 'recebido', receipt }, updatedAt: this.clock.now() });
    return ok((await this.s.asos.get(auth.organizationId, id))!);
  }

  /**
   * Every ASO of the company dated from..to whose event was not exported yet: generated when needed,
   * zipped, marked exported. ASOs whose event cannot be generated (missing CNPJ, matrícula, CPF…) are
   * left out and listed with the reason. `zip` is null when there is nothing to export.
   */
  async exportBatch(auth: AuthContext, q: { companyId: string; from: string; to: string }): Promise<Result<S2220Batch, ForbiddenError | CompanyNotFoundError | InvalidAsoError>> {
    const allowed = requirePermission(auth, 'dashboards.export');
    if (!allowed.ok) return allowed;
    if (!(await this.s.companies.get(auth.organizationId, q.companyId))) return err(new CompanyNotFoundError());
    if (q.from > q.to) return err(new InvalidAsoError('O início do período é posterior ao fim', [{ path: 'from', message: 'O início do período é posterior ao fim' }]));
    const { items } = await this.s.asos.list(auth.organizationId, { companyId: q.companyId, from: q.from, to: q.to, statuses: PENDING_EXPORT, limit: S2220_BATCH_MAX, offset: 0 });
    const files: Array<{ asoId: string; name: string; content: string }> = [];
    const skipped: S2220Batch['skipped'] = [];
    const skip = (v: AsoView, message: string) => skipped.push({ asoId: v.id, patientName: v.patientName, asoDate: v.asoDate, message });
    // the events to generate, built first and validated in one xmllint run (the schemas compiled once)
    const at = this.clock.now();
    const sequences = new Map<string, number>();
    const toGenerate: Array<{ view: AsoView; event: S2220Event }> = [];
    for (const view of items) {
      if (view.event.status === 'gerado') continue;
      const missing = missingEmployerData(view);
      if (missing.length) {
        skip(view, missing.map((m) => m.message).join('; '));
        continue;
      }
      const prefix = eventIdPrefix(view.companyCnpj!, at);
      const sequence = sequences.get(prefix) ?? (await this.s.asos.lastEventSequence(prefix)) + 1;
      sequences.set(prefix, sequence + 1);
      const event = s2220EventOf(view, { id: esocialEventId(view.companyCnpj!, at, sequence), tpAmb: this.settings.environment, verProc: this.settings.applicationVersion });
      if (!event.ok) skip(view, event.error.message);
      else toGenerate.push({ view, event: event.value });
    }
    const written = await this.xml.writeMany(toGenerate.map((g) => g.event));
    const generated = new Map<string, AsoView>();
    for (const [i, { view, event }] of toGenerate.entries()) {
      const xml = written[i];
      if (!xml.ok) {
        skip(view, xml.error.message);
        continue;
      }
      const aso: Aso = {
        ...strip(view), updatedAt: at,
        event: { ...view.event, status: 'gerado', eventId: event.id, xml: xml.value, generatedAt: at, exportedAt: null, retifiedReceipt: event.ideEvento.nrRecibo },
      };
      if ((await this.s.asos.update(aso)) === 'updated') generated.set(view.id, { ...view, ...aso });
      else {
        // another generation took this Id meanwhile: this one alone, with the next free sequence
        const again = await this.generateView(view);
        if (again.ok) generated.set(view.id, again.value);
        else skip(view, again.error.message);
      }
    }
    for (const item of items) {
      const view = item.event.status === 'gerado' ? item : generated.get(item.id);
      if (!view) continue;
      await this.s.asos.update({ ...strip(view), event: { ...view.event, status: 'exportado', exportedAt: this.clock.now() } });
      files.push({ asoId: view.id, name: s2220FileName(view.event.eventId!), content: view.event.xml! });
    }
    return ok({
      zip: files.length ? this.zipper.zip(files.map((f) => ({ name: f.name, content: f.content }))) : null,
      files: files.map(({ asoId, name }) => ({ asoId, name })),
      skipped,
    });
  }

  private async generateView(view: AsoView): Promise<Result<AsoView, InvalidAsoError | InvalidS2220EventError>> {
    const missing = missingEmployerData(view);
    if (missing.length) return err(new InvalidAsoError(missing[0].message, missing));
    const at = this.clock.now();
    const prefix = eventIdPrefix(view.companyCnpj!, at);
    let sequence = (await this.s.asos.lastEventSequence(prefix)) + 1;
    for (let attempt = 0; attempt < 20; attempt++, sequence++) {
      const eventId = esocialEventId(view.companyCnpj!, at, sequence);
      const event = s2220EventOf(view, { id: eventId, tpAmb: this.settings.environment, verProc: this.settings.applicationVersion });
      if (!event.ok) return event;
      const xml = await this.xml.write(event.value);
      if (!xml.ok) return xml;
      const aso: Aso = {
        ...strip(view), updatedAt: at,
        event: { ...view.event, status: 'gerado', eventId, xml: xml.value, generatedAt: at, exportedAt: null, retifiedReceipt: event.value.ideEvento.nrRecibo },
      };
      if ((await this.s.asos.update(aso)) === 'updated') return ok({ ...view, ...aso });
    }
    throw new Error(`não foi possível reservar um Id de evento livre para ${prefix}`);
  }

  /** The ASO's fields for a create or an edit: validated input, employment, the contract's identification. */
  private async build(auth: AuthContext, exam: { patientId: string; date: string; examType?: Aso['examType'] | null; classification: Record<string, unknown> }, input: AsoInput, keptPhysician: Aso['physician'] | undefined) {
    if (exam.classification.exam_role !== 'referencia' && exam.classification.exam_role !== 'sequencial') {
      const message = 'O exame não tem limiares de via aérea: não há audiometria a informar no ASO nem no S-2220';
      return err(new InvalidAsoError(message, [{ path: 'examId', message }]));
    }
    const me = keptPhysician ? undefined : await this.s.professionals.findById(auth.userId);
    const defaults = { examType: exam.examType ?? null, physician: keptPhysician ?? { name: me?.name, crm: me?.crm ?? undefined, uf: me?.crmState ?? undefined } };
    const valid = validateAsoInput(input, { today: programmeToday(this.clock.now()), examDate: exam.date, defaults });
    if (!valid.ok) return valid;
    const periods = await this.s.employments.listForPatient(auth.organizationId, exam.patientId);
    const employment = employmentForAso(periods, input.employmentId, valid.value.asoDate, valid.value.examType);
    if (!employment.ok) return employment;
    const [company, patient] = await Promise.all([
      this.s.companies.get(auth.organizationId, employment.value.companyId),
      this.s.patients.findById(auth.organizationId, exam.patientId),
    ]);
    const missing = missingEmployerData({
      companyName: company?.name ?? '', companyCnpj: company?.cnpj ?? null, registration: employment.value.registration, cpf: patient?.cpf ?? null,
    });
    if (missing.length) return err(new InvalidAsoError(missing[0].message, missing));
    return ok({ ...valid.value, employmentId: employment.value.id, companyId: employment.value.companyId });
  }
}

/** The stored ASO of a view (the joined fields dropped). */
function strip(v: AsoView): Aso {
  const { patientName, cpf, companyName, companyCnpj, registration, examDate, examClassification, ...aso } = v;
  void patientName; void cpf; void companyName; void companyCnpj; void registration; void examDate; void examClassification;
  return aso;
}
