import type { ExamRepository, PatientRepository } from '../../ports/patient-ports';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { RULES_VERSION } from '../../rules/rules-version';
import { planReclassification } from './reclassify-history';

/**
 * Recomputes the stored classification of every worker who has an exam classified by another rules
 * version (RULES_VERSION changes whenever an output of the rules can change): run at start-up, so a
 * rules correction reaches the exams already stored. One worker per transaction, in batches; the
 * whole history of the worker is reclassified (a reference may move). Returns the number of workers.
 */
export class ReclassifyStaleExams {
  constructor(
    private readonly exams: ExamRepository,
    private readonly patients: PatientRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(options: { batchSize?: number; onProgress?: (workers: number) => void; signal?: { readonly aborted: boolean } } = {}): Promise<number> {
    const batchSize = options.batchSize ?? 200;
    let done = 0;
    for (;;) {
      if (options.signal?.aborted) return done;
      const batch = await this.exams.listPatientsWithStaleRules(RULES_VERSION, batchSize);
      if (!batch.length) return done;
      for (const { organizationId, patientId } of batch) {
        if (options.signal?.aborted) return done;
        await this.uow.run(async () => (await planReclassification({ exams: this.exams, patients: this.patients }, { organizationId, patientId, exam: null, fromDate: '' })).commit());
        done++;
      }
      options.onProgress?.(done);
    }
  }
}
