import { can, forbiddenMessage, type Action, type ProfessionalOrganizations } from '../../core/src';
import { CliInputError } from './exit-codes';

/**
 * The organisation a data command runs in, for the professional who runs it (`--user <e-mail>`): their only
 * active organisation, or the one named by `--organization <id or name>` when they belong to several; and
 * the member's roles there must allow the command's action (issue 18 — the CLI checks the same table as the
 * API). Anything else is bad input (exit 2) with a pt-BR message.
 */
export async function organizationFor(directory: ProfessionalOrganizations, email: string, organization: string | undefined, action: Action): Promise<string> {
  const memberships = await directory.organizationsOf(email);
  if (memberships.length === 0) throw new CliInputError(`Usuário não encontrado ou sem organização ativa: ${email} (informe o e-mail de um profissional cadastrado e ativo)`);
  const wanted = organization?.trim().toLowerCase();
  const chosen = wanted
    ? memberships.find((m) => m.organizationId === wanted || m.organizationName.trim().toLowerCase() === wanted)
    : memberships.length === 1 ? memberships[0] : undefined;
  if (!chosen) {
    const names = memberships.map((m) => `"${m.organizationName}" (${m.organizationId})`).join(', ');
    throw new CliInputError(wanted
      ? `${email} não é membro ativo da organização "${organization}". Organizações de ${email}: ${names}.`
      : `${email} pertence a ${memberships.length} organizações: ${names}. Informe qual com --organization <id ou nome>.`);
  }
  if (!can(chosen.roles, action)) throw new CliInputError(forbiddenMessage(action));
  return chosen.organizationId;
}
