import type { ProfessionalOrganizations } from '../../core/src';
import { CliInputError } from './exit-codes';

/** The organisation of the professional who runs a data command (`--user <e-mail>`); unknown → exit 2. */
export async function organizationOf(directory: ProfessionalOrganizations, email: string): Promise<string> {
  const organizationId = await directory.organizationOf(email);
  if (!organizationId) throw new CliInputError(`Usuário não encontrado: ${email} (informe o e-mail de um profissional cadastrado)`);
  return organizationId;
}
