import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button, buttonClassName } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { LoadingState } from '../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-client';
import { formatDay } from '../../lib/dates';
import { toast } from '../../lib/toast';
import { useCan } from '../auth';
import { S2220BatchExport } from '../esocial';
import { companyKeys, createGhe, createSector, getCompany, renameSector, updateCompany, updateGhe, type CompanyDetail, type Ghe, type Sector } from './api';
import { CompanyForm } from './company-form';
import { ExposureBadge, IncompleteBadge } from './badges';
import { count, decimalText } from './format';
import { GheForm } from './ghe-form';
import './companies.css';

/**
 * /empresas/:id (issue 19): the company's record, its sectors and its GHEs with the noise exposure
 * and whether each is in the hearing-conservation programme. Writes need 'programme.manage'.
 */
export default function CompanyPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const canManage = useCan('programme.manage');
  const canSeeProgramme = useCan('dashboards.export');
  const query = useQuery({ queryKey: companyKeys.detail(id), queryFn: ({ signal }) => getCompany(id, signal) });
  const [gheDialog, setGheDialog] = useState<{ ghe: Ghe | null } | null>(null);
  useDocumentTitle(query.data?.company.name ?? 'Empresa');

  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="ui-page companies">
        <PageHeader title={missing ? 'Empresa não encontrada' : 'Empresa'} back={{ to: paths.companies.getHref(), label: 'Voltar' }} />
        <Card>
          <ErrorState
            title={missing ? 'Empresa não encontrada' : 'Não foi possível carregar'}
            message={missing ? 'A empresa não existe ou não pertence à sua organização.' : 'Erro ao carregar a empresa. Tente novamente.'}
            onRetry={missing ? undefined : () => void query.refetch()}
            retrying={query.isFetching}
          />
        </Card>
      </div>
    );
  }
  const { company, sectors, ghes } = query.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: companyKeys.all });
  const patch = (next: Partial<CompanyDetail>) => queryClient.setQueryData<CompanyDetail>(companyKeys.detail(id), (d) => (d ? { ...d, ...next } : d));

  async function saveCompany(body: Parameters<typeof updateCompany>[1]) {
    const saved = await updateCompany(company.id, body);
    patch({ company: saved });
    await refresh();
    toast.success('Empresa atualizada.');
  }

  async function saveGhe(body: Parameters<typeof createGhe>[1]) {
    const current = gheDialog?.ghe;
    if (current) await updateGhe(company.id, current.id, body);
    else await createGhe(company.id, body);
    await refresh();
    setGheDialog(null);
    toast.success(current ? 'GHE atualizado.' : 'GHE cadastrado.');
  }

  return (
    <div className="ui-page companies">
      <PageHeader
        title={company.name}
        description={
          <span className="company-header">
            {company.cnpjFormatted ? `CNPJ ${company.cnpjFormatted}` : <IncompleteBadge />}
            <span>{`${count(company.activeWorkers)} ${company.activeWorkers === 1 ? 'trabalhador ativo' : 'trabalhadores ativos'}`}</span>
          </span>
        }
        back={{ to: paths.companies.getHref(), label: 'Empresas' }}
        actions={
          canSeeProgramme && (
            <Link className={buttonClassName({ variant: 'secondary' })} to={`${paths.programme.getHref()}?companyId=${encodeURIComponent(company.id)}`}>
              Ver no programa
            </Link>
          )
        }
      />
      <Card title="Dados da empresa" description={company.needsCompletion ? 'Informe o CNPJ para completar o cadastro (relatório analítico e exportações o exigem).' : undefined}>
        <CompanyForm key={company.updatedAt} company={company} submitLabel="Salvar empresa" onSave={saveCompany} readOnly={!canManage} />
      </Card>
      <SectorsCard companyId={company.id} sectors={sectors} canManage={canManage} onChanged={refresh} />
      <Card
        title="GHEs — grupos homogêneos de exposição"
        description="Ruído acima do nível de ação (80 dB(A) ou dose de 50 %, NR-9 Anexo 1) coloca o GHE no programa de conservação auditiva."
        actions={canManage && <Button onClick={() => setGheDialog({ ghe: null })}>Novo GHE</Button>}
        padding="none"
      >
        {ghes.length === 0 ? (
          <EmptyState title="Nenhum GHE cadastrado" description="Cadastre os GHEs com a exposição a ruído da avaliação ambiental (PGR)." />
        ) : (
          <ul className="ghe-list" aria-label="GHEs da empresa">
            {ghes.map((g) => (
              <li key={g.id} className="ghe-item">
                <div className="ghe-item__head">
                  <h3 className="ghe-item__name">{g.name}</h3>
                  <ExposureBadge status={g.exposureStatus} label={g.exposureStatusLabel} />
                  <span className={g.exposed ? 'company-badge company-badge--info' : 'company-badge company-badge--neutral'}>{g.exposed ? 'No programa' : 'Fora do programa'}</span>
                </div>
                <dl className="ghe-item__facts">
                  <Fact label="Setor" value={g.sectorName ?? 'Sem setor'} />
                  <Fact label="Exposição" value={exposureText(g)} />
                  <Fact label="Avaliação" value={g.exposure?.assessedAt ? `${formatDay(g.exposure.assessedAt)}${g.exposure.source ? ` — ${g.exposure.source}` : ''}` : g.exposure?.source ?? 'Não informada'} />
                  <Fact label="Periodicidade" value={`${g.periodicityMonths} ${g.periodicityMonths === 1 ? 'mês' : 'meses'}`} />
                  <Fact label="Trabalhadores" value={count(g.workers)} />
                </dl>
                {g.description && <p className="ghe-item__description">{g.description}</p>}
                <div className="ghe-item__actions">
                  {canSeeProgramme && (
                    <Link className={buttonClassName({ variant: 'ghost', size: 'sm' })} to={`${paths.programme.getHref()}?companyId=${encodeURIComponent(company.id)}&gheId=${encodeURIComponent(g.id)}`}>
                      Ver trabalhadores no programa
                    </Link>
                  )}
                  {canManage && (
                    <Button variant="secondary" size="sm" onClick={() => setGheDialog({ ghe: g })} aria-label={`Editar GHE ${g.name}`}>
                      Editar
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <S2220BatchExport companyId={company.id} />
      <Dialog open={gheDialog !== null} onOpenChange={(open) => !open && setGheDialog(null)}>
        <DialogContent title={gheDialog?.ghe ? `Editar ${gheDialog.ghe.name}` : 'Novo GHE'} description="Grupo de trabalhadores com a mesma exposição a ruído." size="lg">
          {gheDialog && <GheForm ghe={gheDialog.ghe} sectors={sectors} onSave={saveGhe} onCancel={() => setGheDialog(null)} />}
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** "LAVG 87,5 dB(A) · dose 180 %" or "Não avaliada". */
function exposureText(g: Ghe): string {
  const e = g.exposure;
  if (!e || (e.levelDbA === null && e.dosePercent === null)) return 'Não avaliada';
  return [e.levelDbA !== null ? `${e.metric} ${decimalText(e.levelDbA)} dB(A)` : e.metric, e.dosePercent !== null ? `dose ${decimalText(e.dosePercent)} %` : null].filter(Boolean).join(' · ');
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The company's sectors: rename in place, add one by name. */
function SectorsCard({ companyId, sectors, canManage, onChanged }: { companyId: string; sectors: Sector[]; canManage: boolean; onChanged: () => Promise<unknown> }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<{ id: string; name: string; error?: string } | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError('Informe o nome do setor.');
    setBusy(true);
    try {
      await createSector(companyId, name.trim());
      await onChanged();
      setName('');
      setError(undefined);
      toast.success('Setor cadastrado.');
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível cadastrar o setor. Tente novamente.'));
    } finally {
      setBusy(false);
    }
  }

  async function rename(event: FormEvent) {
    event.preventDefault();
    if (!editing) return;
    if (!editing.name.trim()) return setEditing({ ...editing, error: 'Informe o nome do setor.' });
    setBusy(true);
    try {
      await renameSector(companyId, editing.id, editing.name.trim());
      await onChanged();
      setEditing(null);
      toast.success('Setor renomeado.');
    } catch (e) {
      setEditing({ ...editing, error: errorMessage(e, 'Não foi possível renomear o setor. Tente novamente.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Setores">
      {sectors.length === 0 ? (
        <p className="companies__muted">Nenhum setor cadastrado.</p>
      ) : (
        <ul className="sector-list" aria-label="Setores da empresa">
          {sectors.map((s) =>
            editing?.id === s.id ? (
              <li key={s.id}>
                <form className="sector-form" onSubmit={rename} aria-label={`Renomear setor ${s.name}`}>
                  <Field label="Nome do setor" error={editing.error}>
                    {(p) => <Input {...p} value={editing.name} onChange={(e) => setEditing({ ...editing, name: e.target.value })} maxLength={120} autoFocus disabled={busy} />}
                  </Field>
                  <Button type="submit" size="sm" loading={busy}>
                    Salvar
                  </Button>
                  <Button variant="ghost" size="sm" disabled={busy} onClick={() => setEditing(null)}>
                    Cancelar
                  </Button>
                </form>
              </li>
            ) : (
              <li key={s.id} className="sector-list__item">
                <span>{s.name}</span>
                {canManage && (
                  <Button variant="ghost" size="sm" onClick={() => setEditing({ id: s.id, name: s.name })} aria-label={`Renomear setor ${s.name}`}>
                    Renomear
                  </Button>
                )}
              </li>
            ),
          )}
        </ul>
      )}
      {canManage && (
        <form className="sector-form" onSubmit={add} aria-label="Novo setor">
          <Field label="Novo setor" error={error}>
            {(p) => <Input {...p} value={name} onChange={(e) => setName(e.target.value)} maxLength={120} placeholder="Estamparia" disabled={busy} />}
          </Field>
          <Button type="submit" variant="secondary" loading={busy && !editing}>
            Adicionar setor
          </Button>
        </form>
      )}
    </Card>
  );
}
