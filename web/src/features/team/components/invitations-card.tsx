import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { EmailInput, Input } from '../../../components/ui/input';
import { LoadingState } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { isEmail } from '../../../lib/use-form';
import { absoluteInvitationLink, inviteMember, revokeInvitation, teamKeys, useInvitations, type CreatedInvitation } from '../api/team';
import { formatDateTime, rolesFrom, rolesLabel } from '../roles';
import { RolePicker, type RolePickerValue } from './role-picker';

const INVITE_FAILED = 'Não foi possível criar o convite. Tente novamente.';

/**
 * "Convidar membro": e-mail and roles → a single-use link valid for 7 days. The link is in the
 * server's answer only, so it is shown here once (read-only, with "Copiar link") until dismissed.
 */
export function InviteCard() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<RolePickerValue>({ professional: 'tecnico', administrator: false });
  const [problem, setProblem] = useState<{ message: string; field?: 'email' | 'roles' } | null>(null);
  const [sending, setSending] = useState(false);
  const [created, setCreated] = useState<(CreatedInvitation & { url: string }) | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const chosen = rolesFrom(roles.professional, roles.administrator);
    if (!isEmail(email.trim())) return setProblem({ message: 'Informe um e-mail válido.', field: 'email' });
    if (chosen.length === 0) return setProblem({ message: 'Escolha ao menos um papel.', field: 'roles' });
    setSending(true);
    setProblem(null);
    try {
      const answer = await inviteMember(email.trim(), chosen);
      setCreated({ ...answer, url: absoluteInvitationLink(answer) });
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: teamKeys.invitations });
    } catch (failure) {
      const field = failure && typeof failure === 'object' && 'issues' in failure && Array.isArray(failure.issues) && failure.issues.some((i: { path: string }) => i.path === 'email') ? 'email' : undefined;
      setProblem({ message: errorMessage(failure, INVITE_FAILED), field });
    } finally {
      setSending(false);
    }
  }

  return (
    <Card title="Convidar membro" description="O convite é um link de uso único, válido por 7 dias.">
      {created ? (
        <CreatedLink created={created} onDone={() => setCreated(null)} />
      ) : (
        <form className="settings-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Convidar membro">
          <div aria-live="polite">{problem && <Banner variant="error">{problem.message}</Banner>}</div>
          <Field label="E-mail do convidado" required error={problem?.field === 'email' ? problem.message : undefined}>
            {(control) => <EmailInput {...control} name="inviteEmail" autoComplete="off" placeholder="nome@clinica.com.br" value={email} onChange={(e) => setEmail(e.target.value)} disabled={sending} />}
          </Field>
          <RolePicker value={roles} onChange={setRoles} disabled={sending} error={problem?.field === 'roles' ? problem.message : undefined} />
          <div className="settings-form__footer settings-form__footer--end">
            <Button type="submit" loading={sending} loadingText="Criando convite...">Criar convite</Button>
          </div>
        </form>
      )}
    </Card>
  );
}

/** The link, once: read-only, selected on focus, "Copiar link"; says whether it also went by e-mail. */
function CreatedLink({ created, onDone }: { created: CreatedInvitation & { url: string }; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.url);
    } catch {
      // no clipboard API (insecure origin, denied permission): the selected text and the browser's copy command
      input.current?.select();
      document.execCommand('copy');
    }
    setCopied(true);
    toast.success('Link copiado.');
  }

  return (
    <div className="team-invite-link">
      <Banner variant="success" title="Convite criado">
        {created.emailSent
          ? `O link também foi enviado por e-mail para ${created.invitation.email}.`
          : `Nenhum e-mail foi enviado: entregue o link a ${created.invitation.email} (por mensagem, por exemplo).`}{' '}
        Papéis: {rolesLabel(created.invitation.roles)}. Válido até {formatDateTime(created.invitation.expiresAt)}.
      </Banner>
      <Field label="Link do convite" hint="Este link é exibido somente agora. Copie-o antes de fechar.">
        {(control) => <Input {...control} ref={input} name="invitationLink" readOnly value={created.url} onFocus={(e) => e.target.select()} />}
      </Field>
      <div className="team-invite-link__actions">
        <Button onClick={() => void copy()}>{copied ? 'Link copiado' : 'Copiar link'}</Button>
        <Button variant="secondary" onClick={onDone}>Concluir</Button>
      </div>
    </div>
  );
}

/** Pending invitations with their expiry and "Revogar" (the link stops working at once). */
export function PendingInvitationsCard() {
  const query = useInvitations();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function revoke(id: string, email: string) {
    setBusy(id);
    setProblem(null);
    try {
      await revokeInvitation(id);
      await queryClient.invalidateQueries({ queryKey: teamKeys.invitations });
      toast.success(`Convite para ${email} revogado.`);
    } catch (failure) {
      setProblem(errorMessage(failure, 'Não foi possível revogar o convite. Tente novamente.'));
    } finally {
      setBusy(null);
    }
  }

  let body;
  if (query.isPending) body = <LoadingState label="Carregando convites..." />;
  else if (query.isError) body = <ErrorState message="Erro ao carregar os convites." onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data.length === 0) body = <EmptyState title="Nenhum convite pendente" />;
  else {
    body = (
      <ul className="team-invitations">
        {query.data.map((inv) => (
          <li key={inv.id} className="team-invitations__item">
            <div className="team-invitations__text">
              <strong>{inv.email}</strong>
              <span>{rolesLabel(inv.roles)} · convidado(a) por {inv.invitedByName}</span>
              <span>Expira em {formatDateTime(inv.expiresAt)}</span>
            </div>
            <Button size="sm" variant="secondary" loading={busy === inv.id} onClick={() => void revoke(inv.id, inv.email)} aria-label={`Revogar convite de ${inv.email}`}>
              Revogar
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card title="Convites pendentes" description="Convites ainda não aceitos. Um convite revogado deixa de funcionar na hora.">
      <div aria-live="polite">{problem && <Banner variant="error">{problem}</Banner>}</div>
      {body}
    </Card>
  );
}
