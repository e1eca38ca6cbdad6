import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, Pagination } from '../../components/data-table/data-table';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button, buttonClassName } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { IconInbox, IconTrend, IconUserPlus, IconUsers } from '../../components/ui/icons';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { LoadingState } from '../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { paths } from '../../config/paths';
import { refusalOr } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useCan } from '../auth';
import { archivePatient, listPatients, patientKeys, PATIENTS_PAGE_SIZE, restorePatient, type Patient } from './api';
import { ageText, formatDate, sexWord } from './format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import './patients.css';
import { ExportCsvButton } from '../../components/export-csv-button';

const column = createColumnHelper<Patient>();

/**
 * /patients (spec §2 "Patient list"): server-side name search, table, archive with confirmation
 * (issue 14: records are kept, NR-7 7.6.1.1), and an "Arquivados" filter where a worker is restored.
 */
export default function PatientListPage() {
  useDocumentTitle('Pacientes');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [offset, setOffset] = useState(0);
  const [archived, setArchived] = useState(false);
  const [toArchive, setToArchive] = useState<Patient | null>(null);
  const [archiving, setArchiving] = useState(false);
  const canWrite = useCan('workers.write');
  const canDelete = useCan('records.delete');
  const canExport = useCan('dashboards.export');

  const query = useQuery({
    queryKey: patientKeys.list(q, offset, archived),
    queryFn: ({ signal }) => listPatients(q, offset, signal, archived),
    placeholderData: keepPreviousData,
  });

  async function confirmArchive() {
    if (!toArchive) return;
    const id = toast.loading('Arquivando paciente...');
    setArchiving(true);
    try {
      await archivePatient(toArchive.id);
      setToArchive(null);
      await queryClient.invalidateQueries({ queryKey: patientKeys.all });
      toast.success('Paciente arquivado. Os registros foram mantidos.', { id });
    } catch (error) {
      toast.error(refusalOr(error, 'Erro ao arquivar paciente. Tente novamente.'), { id });
    } finally {
      setArchiving(false);
    }
  }

  async function restore(p: Patient) {
    const id = toast.loading('Restaurando paciente...');
    try {
      await restorePatient(p.id);
      await queryClient.invalidateQueries({ queryKey: patientKeys.all });
      toast.success(`${p.name} foi restaurado.`, { id });
    } catch (error) {
      toast.error(refusalOr(error, 'Erro ao restaurar paciente. Tente novamente.'), { id });
    }
  }

  const showArchived = (next: boolean) => {
    setArchived(next);
    setOffset(0);
  };

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: 'Nome',
        cell: (info) => (
          <Link className="data-table__link" to={paths.patientDetail.getHref(info.row.original.id)}>
            {info.getValue()}
          </Link>
        ),
      }),
      column.accessor('age', { header: 'Idade', cell: (info) => ageText(info.getValue()) }),
      column.accessor('sex', { header: 'Sexo', cell: (info) => sexWord(info.getValue()) }),
      column.accessor('createdAt', { header: 'Cadastrado em', cell: (info) => formatDate(info.getValue()) }),
      column.display({
        id: 'actions',
        header: 'Ações',
        meta: { align: 'end' },
        cell: ({ row }) => {
          const p = row.original;
          return (
            <span className="data-table__actions">
              <Link className={buttonClassName({ variant: 'ghost', size: 'sm' })} to={paths.patientDetail.getHref(p.id)} aria-label={`Ver ${p.name}`}>
                Ver
              </Link>
              {canWrite && (
                <Link className={buttonClassName({ variant: 'ghost', size: 'sm' })} to={paths.patientEdit.getHref(p.id)} aria-label={`Editar ${p.name}`}>
                  Editar
                </Link>
              )}
              <Link className={buttonClassName({ variant: 'ghost', size: 'sm' })} to={paths.patientEvolution.getHref(p.id)} aria-label={`Evolução de ${p.name}`}>
                <IconTrend size={16} />
                Evolução
              </Link>
              {!canDelete ? null : p.archivedAt ? (
                <Button variant="ghost" size="sm" onClick={() => void restore(p)} aria-label={`Restaurar ${p.name}`}>
                  Restaurar
                </Button>
              ) : (
                <Button variant="ghost" size="sm" onClick={() => setToArchive(p)} aria-label={`Arquivar ${p.name}`}>
                  <IconInbox size={16} />
                  Arquivar
                </Button>
              )}
            </span>
          );
        },
      }),
    ],
    // rebuilt only when the member's permissions change: `restore` only uses the query client and toasts
    [canWrite, canDelete],
  );

  const page = query.data;
  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError && !page)
    body = <ErrorState message="Erro ao carregar pacientes. Tente novamente." onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (page && page.items.length === 0)
    body = q ? (
      <EmptyState title="Nenhum paciente encontrado" description={`Nenhum paciente corresponde a “${q}”.`} />
    ) : archived ? (
      <EmptyState title="Nenhum paciente arquivado" description="Pacientes arquivados aparecem aqui e podem ser restaurados." />
    ) : (
      <EmptyState
        icon={IconUsers}
        title="Nenhum paciente cadastrado"
        description="Cadastre o primeiro paciente para registrar exames e acompanhar a evolução auditiva."
        action={
          canWrite && (
            <Link className={buttonClassName()} to={paths.patientNew.getHref()}>
              <IconUserPlus size={16} />
              Cadastrar Paciente
            </Link>
          )
        }
      />
    );
  else if (page)
    body = (
      <>
        {query.isError && (
          <ErrorState message="Erro ao carregar pacientes. Tente novamente." onRetry={() => void query.refetch()} retrying={query.isFetching} />
        )}
        <DataTable caption="Lista de pacientes" data={page.items} columns={columns} getRowId={(p) => p.id} />
        <div className="data-table__footer">
          <span aria-live="polite">
            Mostrando {page.items.length} de {page.total} pacientes{archived ? ' arquivados' : ''}
          </span>
          <Pagination offset={offset} pageSize={PATIENTS_PAGE_SIZE} total={page.total} onOffsetChange={setOffset} label="Paginação de pacientes" />
        </div>
      </>
    );

  return (
    <div className="ui-page patients">
      <PageHeader
        title="Pacientes"
        description="Trabalhadores cadastrados na sua organização."
        actions={
          canWrite && (
            <Link className={buttonClassName()} to={paths.patientNew.getHref()}>
              <IconUserPlus size={16} />
              Novo Paciente
            </Link>
          )
        }
      />
      <Card padding="none">
        <div className="patients__toolbar">
          <label className="visually-hidden" htmlFor="patient-search">
            Buscar paciente por nome
          </label>
          <Input
            id="patient-search"
            type="search"
            placeholder="Buscar por nome..."
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setOffset(0);
            }}
          />
          <div className="patients__filter" role="group" aria-label="Mostrar pacientes">
            <Button variant={archived ? 'ghost' : 'secondary'} size="sm" aria-pressed={!archived} onClick={() => showArchived(false)}>
              Ativos
            </Button>
            <Button variant={archived ? 'secondary' : 'ghost'} size="sm" aria-pressed={archived} onClick={() => showArchived(true)}>
              Arquivados
            </Button>
          </div>
          {!archived && canExport && <ExportCsvButton path="/api/patients/export.csv" filters={{ q }} fileName="pacientes.csv" />}
        </div>
        {archived && (
          <p className="patients__archived-note">
            Pacientes arquivados não aparecem em listas, buscas e contadores. Exames, laudos e arquivos continuam guardados (NR-7, item 7.6.1.1: 20 anos).
          </p>
        )}
        {body}
      </Card>
      <ConfirmDialog
        open={toArchive !== null}
        onOpenChange={(open) => !open && !archiving && setToArchive(null)}
        title="Arquivar paciente"
        description={
          toArchive
            ? `Arquivar ${toArchive.name}? O paciente deixa de aparecer nas listas, buscas e contadores, mas exames, laudos e arquivos são mantidos (a NR-7, item 7.6.1.1, exige guardá-los por 20 anos). Você pode restaurá-lo em "Arquivados".`
            : ''
        }
        confirmLabel="Arquivar"
        tone="primary"
        busy={archiving}
        onConfirm={() => void confirmArchive()}
      />
    </div>
  );
}
