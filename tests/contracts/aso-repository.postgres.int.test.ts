import { describe, expect, it } from 'vitest';
import type { Aso } from '../../core/src';
import { MikroOrmCompanyRecords, MikroOrmEmploymentRepository } from '../../adapters/src/persistence/mikro-orm/repositories/mikro-orm-programme-repositories';
import { emAsoSql, SqlAsoRepository } from '../../adapters/src/persistence/mikro-orm/repositories/sql-aso-repository';
import { anExam, aWorker, nextId, T0 } from '../support/builders';
import { asoRepositoryContract } from './aso-repository.contract';
import { postgresTenantFixtures, useTestDatabase } from './postgres-fixtures';
import { aCompany, anEmployment } from './programme-queries.contract';

const db = useTestDatabase();

describe('SQL ASO repository (PostgreSQL)', () => {
  asoRepositoryContract(async () => {
    const em = () => db().orm.em.fork();
    return {
      ...(await postgresTenantFixtures(db())),
      records: new MikroOrmCompanyRecords(em), employments: new MikroOrmEmploymentRepository(em), asos: new SqlAsoRepository(emAsoSql(em)),
    };
  });

  it('an anonymised worker\'s kept events lose CPF and matrícula; an ASO goes with its exam; an organisation with ASOs can still be deleted', async () => {
    const f = await postgresTenantFixtures(db());
    const em = () => db().orm.em.fork();
    const sql = (q: string, params: unknown[] = []) => db().orm.em.getConnection().execute(q, params);
    const asos = new SqlAsoRepository(emAsoSql(em));
    const org = nextId();
    await f.addOrganization(org);
    const worker = aWorker(org, { cpf: '52998224725' });
    await f.patients.insert(worker);
    const company = aCompany(org, { cnpj: '11222333000181' });
    await new MikroOrmCompanyRecords(em).insert(company);
    const employment = anEmployment(org, worker.id, company.id, { registration: '1' });
    await new MikroOrmEmploymentRepository(em).insert(employment);
    const ids: string[] = [];
    for (const date of ['2025-01-10', '2025-02-10']) {
      const exam = anExam(org, worker.id, { date });
      await f.exams.insert(exam);
      const aso: Aso = {
        id: nextId(), organizationId: org, patientId: worker.id, examId: exam.id, employmentId: employment.id, companyId: company.id, examType: 'periodico', asoDate: date,
        result: null, otherProcedures: [], physician: { name: 'Dra. Ana', crm: '1', uf: 'SP' }, coordinator: null, createdAt: T0, updatedAt: T0,
        event: { status: 'pendente', eventId: null, xml: null, generatedAt: null, exportedAt: null, receipt: null, indRetif: 1, retifiedReceipt: null },
      };
      await asos.insert(aso);
      ids.push(exam.id, aso.id);
    }
    // the worker's anonymisation (LGPD, issue 20) scrubs the CPF and matrícula out of the kept event XML
    const kept = (await asos.get(org, ids[3]))!;
    const xml = '<eSocial><evtMonit><ideVinculo><cpfTrab>52998224725</cpfTrab><matricula>1</matricula></ideVinculo></evtMonit></eSocial>';
    await asos.update({ ...kept, event: { ...kept.event, status: 'exportado', eventId: 'ID1112223330001812026031012040500009', xml } });
    await sql('update patient set anonymized_at = now() where id = ?', [worker.id]);
    expect((await asos.get(org, ids[3]))!.event.xml)
      .toBe('<eSocial><evtMonit><ideVinculo><cpfTrab>[removido (LGPD)]</cpfTrab><matricula>[removido (LGPD)]</matricula></ideVinculo></evtMonit></eSocial>');
    expect(await f.exams.delete(org, ids[0])).toBe(true);
    expect(await asos.get(org, ids[1])).toBeUndefined();
    expect(await asos.get(org, ids[3])).toBeDefined();
    await sql('delete from organization where id = ?', [org]);
    expect(await sql('select count(*)::int as n from aso where organization_id = ?', [org])).toEqual([{ n: 0 }]);
  });
});
