import { expect, it } from 'vitest';
import type { PatientRepository, UnitOfWork } from '../../core/src';
import { aWorker, nextId } from '../support/builders';

export interface UnitOfWorkStores {
  uow: UnitOfWork;
  /** A repository that joins the unit of work (as the composition root wires them). */
  patients: PatientRepository;
  addOrganization(id: string): Promise<void>;
}

/** What every UnitOfWork must do (in memory and PostgreSQL alike): all the work's writes or none. */
export function unitOfWorkContract(make: () => Promise<UnitOfWorkStores>) {
  it("answers the work's value and keeps its writes, which the work itself already reads", async () => {
    const s = await make();
    const org = nextId();
    await s.addOrganization(org);
    const worker = aWorker(org);
    const seen = await s.uow.run(async () => {
      await s.patients.insert(worker);
      return (await s.patients.findById(org, worker.id))?.name;
    });
    expect(seen).toBe(worker.name);
    expect(await s.patients.findById(org, worker.id)).toEqual(worker);
  });

  it("undoes every write of a work that throws, and passes the work's error on", async () => {
    const s = await make();
    const org = nextId();
    await s.addOrganization(org);
    const kept = aWorker(org, { name: 'Antes' });
    await s.patients.insert(kept);
    const lost = aWorker(org, { name: 'Desfeito' });
    const failure = new Error('falha no meio');
    await expect(s.uow.run(async () => {
      await s.patients.insert(lost);
      await s.patients.update({ ...kept, name: 'Alterado' });
      throw failure;
    })).rejects.toBe(failure);
    expect(await s.patients.findById(org, lost.id)).toBeUndefined();
    expect((await s.patients.findById(org, kept.id))?.name).toBe('Antes');
  });
}
