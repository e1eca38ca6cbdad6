import type pg from 'pg';
import { CliInputError } from './exit-codes';

/** The organisation of the professional who runs a data command (`--user <e-mail>`); unknown → exit 2. */
export async function organizationOf(pool: pg.Pool, email: string): Promise<string> {
  const users = await pool.query<{ organization_id: string }>('select organization_id from professional where lower(email) = lower($1)', [email.trim()]);
  if (!users.rows[0]) throw new CliInputError(`Usuário não encontrado: ${email} (informe o e-mail de um profissional cadastrado)`);
  return users.rows[0].organization_id;
}
