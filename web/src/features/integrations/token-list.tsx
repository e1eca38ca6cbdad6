import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { IconKey, IconTrash } from '../../components/ui/icons';
import { LoadingState } from '../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { embedTokensKey, listCompanies, listEmbedTokens, revokeEmbedToken, type EmbedToken } from './api';
import { formatDate, STATUS_LABELS } from './format';

/** The organisation's embed tokens (never their secret), with status and revocation. */
export function TokenList() {
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: embedTokensKey, queryFn: ({ signal }) => listEmbedTokens(signal) });
  const needsCompanies = tokens.data?.some((t) => t.scope === 'company') ?? false;
  const companies = useQuery({ queryKey: ['companies'], queryFn: ({ signal }) => listCompanies(signal), enabled: needsCompanies });
  const [revoking, setRevoking] = useState<EmbedToken | null>(null);

  const revoke = useMutation({
    mutationFn: (id: string) => revokeEmbedToken(id),
    onSuccess: () => {
      toast.success('Token revogado.');
      setRevoking(null);
      void queryClient.invalidateQueries({ queryKey: embedTokensKey });
    },
    onError: (error) => toast.error(errorMessage(error, 'Erro ao revogar o token. Tente novamente.')),
  });

  const scopeText = (t: EmbedToken) => {
    if (t.scope === 'company') {
      const company = companies.data?.find((c) => c.id === t.companyId);
      return `Empresa: ${company?.name ?? 'empresa removida ou não carregada'}`;
    }
    return `Trabalhador: ${t.patientId?.slice(0, 8) ?? '?'}…`;
  };

  let content;
  if (tokens.isPending) content = <LoadingState />;
  else if (tokens.isError)
    content = <ErrorState message={errorMessage(tokens.error, 'Erro ao carregar os tokens de integração.')} onRetry={() => void tokens.refetch()} retrying={tokens.isFetching} />;
  else if (tokens.data.length === 0)
    content = <EmptyState icon={IconKey} title="Nenhum token de integração" description="Crie um token abaixo para exibir o widget de evolução auditiva em um portal parceiro." />;
  else
    content = (
      <ul className="integrations-tokens" aria-label="Tokens de integração">
        {tokens.data.map((t) => (
          <li key={t.id} className="integrations-token" data-token-id={t.id}>
            <div className="integrations-token__main">
              <div className="integrations-token__title">
                <span className="integrations-token__name">{t.name}</span>
                <span className={`integrations-badge integrations-badge--${t.status}`}>{STATUS_LABELS[t.status]}</span>
                {t.initialsOnly && <span className="integrations-badge">Só iniciais</span>}
              </div>
              <dl className="integrations-token__facts">
                <div>
                  <dt>Escopo</dt>
                  <dd>{scopeText(t)}</dd>
                </div>
                <div>
                  <dt>Origens</dt>
                  <dd className="integrations-token__origins">{t.allowedOrigins.join(', ')}</dd>
                </div>
                <div>
                  <dt>Validade</dt>
                  <dd>{formatDate(t.expiresAt)}</dd>
                </div>
                <div>
                  <dt>Criado em</dt>
                  <dd>{formatDate(t.createdAt)}</dd>
                </div>
              </dl>
            </div>
            {t.status !== 'revogado' && (
              <Button variant="ghost" size="sm" className="integrations-token__revoke" onClick={() => setRevoking(t)} aria-label={`Revogar ${t.name}`}>
                <IconTrash size={16} />
                Revogar
              </Button>
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <Card title="Tokens de integração" description="O token só é exibido uma vez, na criação. Revogue os que não estiverem mais em uso.">
      {content}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revogar token?"
        description={`Os portais que usam o token "${revoking?.name ?? ''}" deixarão de exibir o widget imediatamente. Esta ação não pode ser desfeita.`}
        confirmLabel="Revogar"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </Card>
  );
}
