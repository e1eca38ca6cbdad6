import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Container } from 'inversify';
import {
  ManageAsos, systemClock, type Clock, type CompanyRecords, type EsocialSettings, type ExamRepository, type IdGenerator, type MembershipSummary,
  type PatientRepository, type ProfessionalRepository,
} from '../../../core/src';
import { FflateZipWriter } from '../esocial/fflate-zip-writer';
import { XsdValidatedS2220Writer } from '../esocial/s2220-xml';
import type { EsocialDeps } from '../http/koa/routes/esocial.routes';
import type { Database } from '../persistence/database';
import { PgProfessionalOrganizations } from '../persistence/bulk/pg-professional-organizations';
import { openMigratedPool } from '../persistence/connection';
import { MikroOrmEmploymentRepository } from '../persistence/mikro-orm/repositories/mikro-orm-programme-repositories';
import { emAsoSql, poolAsoSql, SqlAsoRepository } from '../persistence/mikro-orm/repositories/sql-aso-repository';
import type { AppConfig } from './config';
import { TOKENS } from './tokens';

/**
 * tpAmb of the generated S-2220: 1 produção (default) or, with LIMIAR_ESOCIAL_TPAMB=2, produção restrita
 * (the eSocial's test environment, for trying the employer's software). verProc names Limiar's version.
 */
export function esocialSettings(version: string, env: NodeJS.ProcessEnv = process.env): EsocialSettings {
  const raw = env.LIMIAR_ESOCIAL_TPAMB?.trim();
  if (raw && raw !== '1' && raw !== '2') throw new Error(`LIMIAR_ESOCIAL_TPAMB inválido: ${raw} (use 1 = produção ou 2 = produção restrita)`);
  return { environment: raw === '2' ? 2 : 1, applicationVersion: `Limiar ${version}` };
}

/** The ASO and S-2220 use case (issue 21) over the container's repositories and clock. */
export function esocialDeps(container: Container, version: string): Omit<EsocialDeps, 'authenticate'> {
  const get = <T>(token: symbol) => container.get<T>(token);
  const db = get<Database>(TOKENS.Database);
  const em = () => db.orm.em;
  return {
    asos: new ManageAsos({
      asos: new SqlAsoRepository(emAsoSql(em)), exams: get<ExamRepository>(TOKENS.ExamRepository), patients: get<PatientRepository>(TOKENS.PatientRepository),
      employments: new MikroOrmEmploymentRepository(em), companies: get<CompanyRecords>(TOKENS.CompanyRecords),
      professionals: get<ProfessionalRepository>(TOKENS.ProfessionalRepository),
    }, new XsdValidatedS2220Writer(), new FflateZipWriter(), get<IdGenerator>(TOKENS.IdGenerator), get<Clock>(TOKENS.Clock), esocialSettings(version)),
  };
}

/** The version in package.json (verProc of the CLI's events; the server passes APP_VERSION, the same). */
function packageVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', '..', '..', 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/** What `limiar export s2220` needs: the member's organisations, the company by CNPJ, the batch. */
export interface EsocialCliServices {
  organizationsOf(email: string): Promise<MembershipSummary[]>;
  /** The member (the batch runs as them: permission checked with their roles). */
  memberOf(email: string, organizationId: string): Promise<{ userId: string; memberId: string; roles: MembershipSummary['roles'] } | undefined>;
  companyByCnpj(organizationId: string, cnpj: string): Promise<{ id: string; name: string; cnpj: string } | undefined>;
  asos: ManageAsos;
  close(): Promise<void>;
}

/**
 * The light root of `limiar export s2220`: plain `pg` like the other bulk commands (MikroORM only when a
 * migration is pending, ADR 0015); the same use case and SQL as the server, over the pool.
 */
export async function openEsocialServices(config: AppConfig, log: (m: string) => void): Promise<EsocialCliServices> {
  const { pool, close } = await openMigratedPool(config, log);
  const sql = poolAsoSql(pool);
  const organizations = new PgProfessionalOrganizations(pool);
  const one = async (query: string, params: unknown[]) => (await sql(query, params))[0];
  const asos = new ManageAsos({
    asos: new SqlAsoRepository(sql),
    // the batch reads the stored ASOs only: creating (exams, patients, employments, professionals) is the app's
    exams: { findById: async () => undefined },
    patients: { findById: async () => undefined },
    employments: { listForPatient: async () => [] },
    companies: {
      get: async (organizationId, id) => {
        const r = await one('select id, name, cnpj from company where organization_id = ? and id = ?', [organizationId, id]);
        return r ? ({ id: String(r.id), name: String(r.name), cnpj: r.cnpj === null ? null : String(r.cnpj) } as unknown as Awaited<ReturnType<CompanyRecords['get']>>) : undefined;
      },
    },
    professionals: { findById: async () => undefined },
  }, new XsdValidatedS2220Writer(), new FflateZipWriter(), { next: () => randomUUID() }, systemClock, esocialSettings(packageVersion()));
  return {
    organizationsOf: (email) => organizations.organizationsOf(email),
    async memberOf(email, organizationId) {
      const m = (await organizations.organizationsOf(email)).find((x) => x.organizationId === organizationId);
      const r = await one('select id from professional where lower(email) = lower(?)', [email.trim()]);
      return m && r ? { userId: String(r.id), memberId: m.memberId, roles: m.roles } : undefined;
    },
    async companyByCnpj(organizationId, cnpj) {
      const r = await one('select id, name, cnpj from company where organization_id = ? and cnpj = ?', [organizationId, cnpj]);
      return r ? { id: String(r.id), name: String(r.name), cnpj: String(r.cnpj) } : undefined;
    },
    asos,
    close,
  };
}
