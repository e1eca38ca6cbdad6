import { requirePermission, type ForbiddenError } from '../../accounts/permissions';
import { registryLabel } from '../../accounts/registries';
import type { ProfessionalRepository } from '../../ports/account-ports';
import type { Clock } from '../../ports/clock';
import type { SecretHasher } from '../../ports/embed-ports';
import type { FileStorage } from '../../ports/file-storage';
import type { DeletionRequestStatusView, DeletionRequestStore, DeletionRequestView, WorkerAnonymizer } from '../../ports/privacy-ports';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { ageKeptOnAnonymization, anonymizedName } from '../../privacy/anonymization';
import {
  APPROVAL_NOTE_MAX, ApprovalNoteError, DeletionRequestDecidedError, DeletionRequestNotFoundError, NotACandidateError, REFUSAL_REASON_MAX,
  REFUSAL_REASON_MIN, RefusalReasonError, WorkerAlreadyAnonymizedError, maskEmail, type DeletionRequestStatus,
} from '../../privacy/deletion-request';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';

export interface DeletionRequestStores {
  requests: DeletionRequestStore;
  anonymizer: WorkerAnonymizer;
  storage: FileStorage;
  professionals: ProfessionalRepository;
}

type DecisionError = DeletionRequestNotFoundError | DeletionRequestDecidedError | ForbiddenError;

/**
 * The administrator's side of the data-deletion requests (LGPD art. 18 VI; issue 20, docs/lgpd.md):
 * the list (pending requests matching one of the organisation's workers by e-mail, and the ones it
 * decided), approval — which anonymises the chosen worker in one transaction, then deletes his files
 * from the storage — and refusal with a reason the requester reads on the status page.
 */
export class DecideDeletionRequests {
  constructor(
    private readonly s: DeletionRequestStores, private readonly uow: UnitOfWork, private readonly clock: Clock,
    /** Told about a stored file that could not be deleted after the commit (logged by the driver). */
    private readonly onStorageError: (key: string, error: unknown) => void = () => undefined,
  ) {}

  async list(auth: AuthContext, status?: DeletionRequestStatus): Promise<Result<DeletionRequestView[], ForbiddenError>> {
    const allowed = requirePermission(auth, 'privacy.manage');
    if (!allowed.ok) return allowed;
    return ok(await this.s.requests.listForOrganization(auth.organizationId, status));
  }

  async approve(auth: AuthContext, id: string, input: { patientId: string; reason?: string | null }): Promise<Result<DeletionRequestView, DecisionError | NotACandidateError | WorkerAlreadyAnonymizedError | ApprovalNoteError>> {
    const allowed = requirePermission(auth, 'privacy.manage');
    if (!allowed.ok) return allowed;
    const note = input.reason?.trim() || null;
    if (note && note.length > APPROVAL_NOTE_MAX) return err(new ApprovalNoteError());
    const decider = await this.decider(auth);
    const at = this.clock.now();
    const outcome = await this.uow.run(async (): Promise<Result<string[], DecisionError | NotACandidateError | WorkerAlreadyAnonymizedError>> => {
      const request = await this.s.requests.findForOrganization(auth.organizationId, id, true);
      if (!request) return err(new DeletionRequestNotFoundError());
      if (request.status !== 'recebido') return err(new DeletionRequestDecidedError());
      const worker = await this.s.anonymizer.load(auth.organizationId, input.patientId, true);
      if (worker?.anonymizedAt) return err(new WorkerAlreadyAnonymizedError());
      if (!worker || !request.candidates.some((c) => c.patientId === input.patientId)) return err(new NotACandidateError());
      const { storageKeys } = await this.s.anonymizer.anonymize({
        organizationId: auth.organizationId, patientId: input.patientId, at, label: anonymizedName(input.patientId),
        ageKept: worker.lastExamDate ? ageKeptOnAnonymization(worker.identifiers.birthDate, worker.lastExamDate) : null,
        identifiers: worker.identifiers,
      });
      await this.s.requests.decide({ requestId: id, organizationId: auth.organizationId, status: 'aprovado', patientId: input.patientId, decidedAt: at, ...decider, reason: note, maskedEmail: maskEmail(request.email) });
      return ok(storageKeys);
    });
    if (!outcome.ok) return outcome;
    // after the commit: a failed transaction never loses a file; a failed delete leaves an orphan, logged
    for (const key of outcome.value) {
      try {
        await this.s.storage.delete(key);
      } catch (error) {
        this.onStorageError(key, error);
      }
    }
    return ok((await this.s.requests.findForOrganization(auth.organizationId, id))!);
  }

  async refuse(auth: AuthContext, id: string, reason: string): Promise<Result<DeletionRequestView, DecisionError | RefusalReasonError>> {
    const allowed = requirePermission(auth, 'privacy.manage');
    if (!allowed.ok) return allowed;
    const text = reason.trim();
    if (text.length < REFUSAL_REASON_MIN || text.length > REFUSAL_REASON_MAX) return err(new RefusalReasonError());
    const decider = await this.decider(auth);
    const outcome = await this.uow.run(async (): Promise<Result<void, DecisionError>> => {
      const request = await this.s.requests.findForOrganization(auth.organizationId, id, true);
      if (!request) return err(new DeletionRequestNotFoundError());
      if (request.status !== 'recebido') return err(new DeletionRequestDecidedError());
      await this.s.requests.decide({ requestId: id, organizationId: auth.organizationId, status: 'recusado', patientId: null, decidedAt: this.clock.now(), ...decider, reason: text, maskedEmail: null });
      return ok(undefined);
    });
    if (!outcome.ok) return outcome;
    return ok((await this.s.requests.findForOrganization(auth.organizationId, id))!);
  }

  private async decider(auth: AuthContext) {
    const who = await this.s.professionals.findById(auth.userId);
    const registry = who ? registryLabel(who) : undefined;
    return { decidedBy: auth.userId, decidedByName: who ? (registry ? `${who.name} (${registry})` : who.name) : 'Administrador(a)' };
  }
}

/**
 * The requester's status page (public): the request answered only with its secret token (the link
 * received at submission), and only its status, dates and the decision's reason — never the worker
 * nor the organisation. A wrong token answers as an unknown request.
 */
export class TrackDeletionRequest {
  constructor(private readonly requests: DeletionRequestStore, private readonly secrets: SecretHasher) {}

  async status(id: string, token: string): Promise<Result<Omit<DeletionRequestStatusView, 'tokenHash'>, DeletionRequestNotFoundError>> {
    const found = token ? await this.requests.findStatus(id) : undefined;
    if (!found || !found.tokenHash || !this.secrets.matches(token, found.tokenHash)) return err(new DeletionRequestNotFoundError());
    const { tokenHash: _hash, ...view } = found;
    return ok(view);
  }
}
