import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import type { Role } from '../../../../../core/src/index';
import { DataTable } from '../../../components/data-table/data-table';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog, Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { LoadingState } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth';
import { changeMemberRoles, deactivateMember, reactivateMember, teamKeys, useMembers, type Member } from '../api/team';
import { formatDateTime, professionalRoleOf, rolesFrom, rolesLabel } from '../roles';
import { RolePicker, type RolePickerValue } from './role-picker';

/** Configurações › Equipe: who is in the organisation, with roles, status and last access (issue 18). */
export function MembersCard() {
  const query = useMembers();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [editing, setEditing] = useState<Member | null>(null);
  const [deactivating, setDeactivating] = useState<Member | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const saved = (member: Member) => {
    queryClient.setQueryData<Member[]>(teamKeys.members, (list) => list?.map((m) => (m.id === member.id ? member : m)));
    void queryClient.invalidateQueries({ queryKey: teamKeys.members });
  };

  async function run(member: Member, work: () => Promise<Member>, done: string): Promise<boolean> {
    setBusy(member.id);
    setProblem(null);
    try {
      saved(await work());
      toast.success(done);
      return true;
    } catch (failure) {
      setProblem(errorMessage(failure, 'Não foi possível atualizar o membro. Tente novamente.'));
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function confirmDeactivate() {
    const member = deactivating;
    if (!member) return;
    await run(member, () => deactivateMember(member.id), `${member.name} foi desativado(a). As sessões abertas foram encerradas.`);
    setDeactivating(null);
  }

  const columns: ColumnDef<Member>[] = [
    {
      id: 'member',
      header: 'Membro',
      cell: ({ row: { original: m } }) => (
        <span className="team-table__member">
          <span className="team-table__name">
            {m.name}
            {m.userId === user?.id && <span className="team-table__you"> (você)</span>}
          </span>
          <span className="team-table__email">{m.email}</span>
        </span>
      ),
    },
    { id: 'registry', header: 'Registro', cell: ({ row }) => row.original.registry ?? '-' },
    { id: 'roles', header: 'Papéis', cell: ({ row }) => rolesLabel(row.original.roles) },
    {
      id: 'status',
      header: 'Situação',
      cell: ({ row }) => {
        const active = row.original.status === 'ativo';
        return <span className={active ? 'team-status team-status--active' : 'team-status team-status--inactive'}>{active ? 'Ativo' : 'Desativado'}</span>;
      },
    },
    { id: 'lastAccess', header: 'Último acesso', cell: ({ row }) => (row.original.lastAccessAt ? formatDateTime(row.original.lastAccessAt) : 'Nunca') },
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Ações</span>,
      meta: { align: 'end', label: '' },
      cell: ({ row: { original: m } }) => (
        <span className="team-table__actions">
          <Button size="sm" variant="secondary" onClick={() => { setProblem(null); setEditing(m); }} disabled={busy === m.id} aria-label={`Alterar papéis de ${m.name}`}>
            Alterar papéis
          </Button>
          {m.status === 'ativo' ? (
            <Button size="sm" variant="ghost" onClick={() => { setProblem(null); setDeactivating(m); }} disabled={busy === m.id} aria-label={`Desativar ${m.name}`}>
              Desativar
            </Button>
          ) : (
            <Button size="sm" variant="ghost" loading={busy === m.id} aria-label={`Reativar ${m.name}`}
              onClick={() => void run(m, () => reactivateMember(m.id), `${m.name} foi reativado(a).`)}>
              Reativar
            </Button>
          )}
        </span>
      ),
    },
  ];

  let body;
  if (query.isPending) body = <LoadingState label="Carregando membros..." />;
  else if (query.isError) body = <ErrorState message="Erro ao carregar a equipe." onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (query.data.length === 0) body = <EmptyState title="Nenhum membro" description="Convide profissionais para a equipe abaixo." />;
  else {
    body = <DataTable caption="Membros da equipe" data={query.data} columns={columns} getRowId={(m) => m.id} />;
  }

  return (
    <Card title="Membros" description="Quem faz parte da organização, com seus papéis e o último acesso." padding="md">
      <div aria-live="polite">{problem && <Banner variant="error">{problem}</Banner>}</div>
      {body}
      {editing && <RolesDialog member={editing} onClose={() => setEditing(null)} onSaved={saved} />}
      <ConfirmDialog
        open={deactivating !== null}
        onOpenChange={(open) => !open && setDeactivating(null)}
        title="Desativar membro"
        description={deactivating ? `${deactivating.name} perde o acesso à organização agora: as sessões abertas são encerradas. Os registros feitos por ele(a) são mantidos e continuam atribuídos. É possível reativar depois.` : ''}
        confirmLabel="Desativar"
        busy={deactivating !== null && busy === deactivating.id}
        onConfirm={() => void confirmDeactivate()}
      />
    </Card>
  );
}

/** "Alterar papéis": the professional role and the administrator flag; the server's pt-BR refusal stays in the dialog. */
function RolesDialog({ member, onClose, onSaved }: { member: Member; onClose: () => void; onSaved: (m: Member) => void }) {
  const [value, setValue] = useState<RolePickerValue>({ professional: professionalRoleOf(member.roles), administrator: member.roles.includes('administrador') });
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const roles: Role[] = rolesFrom(value.professional, value.administrator);

  async function save() {
    if (roles.length === 0) return setProblem('Escolha ao menos um papel.');
    setSaving(true);
    setProblem(null);
    try {
      onSaved(await changeMemberRoles(member.id, roles));
      toast.success(`Papéis de ${member.name} atualizados.`);
      onClose();
    } catch (failure) {
      setProblem(errorMessage(failure, 'Não foi possível alterar os papéis. Tente novamente.'));
      setSaving(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={`Papéis de ${member.name}`}
        description="Um papel profissional e, se for o caso, administrador(a)."
        size="sm"
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={saving}>Cancelar</Button>
            </DialogClose>
            <Button loading={saving} loadingText="Salvando..." onClick={() => void save()}>Salvar papéis</Button>
          </>
        }
      >
        <div aria-live="polite">{problem && <Banner variant="error">{problem}</Banner>}</div>
        <RolePicker value={value} onChange={setValue} disabled={saving} />
      </DialogContent>
    </Dialog>
  );
}
