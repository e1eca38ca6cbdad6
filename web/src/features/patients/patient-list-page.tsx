import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, Pagination } from '../../components/data-table/data-table';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button, buttonClassName } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { IconTrash, IconTrend, IconUserPlus, IconUsers } from '../../components/ui/icons';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { LoadingState } from '../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { paths } from '../../config/paths';
import { toast } from '../../lib/toast';
import { deletePatient, listPatients, patientKeys, PATIENTS_PAGE_SIZE, type Patient } from './api';
import { ageText, formatDate, sexWord } from './format';
import { useDebouncedValue } from './use-debounced-value';
import './patients.css';
import { ExportCsvButton } from '../../components/export-csv-button';

const column = createColumnHelper<Patient>();

/** /patients (spec §2 "Patient list"): server-side name search, table, delete with confirmation. */
export default function PatientListPage() {
  useDocumentTitle('Pacientes');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [offset, setOffset] = useState(0);
  const [toDelete, setToDelete] = useState<Patient | null>(null);
  const [deleting, setDeleting] = useState(false);

  const query = useQuery({
    queryKey: patientKeys.list(q, offset),
    queryFn: ({ signal }) => listPatients(q, offset, signal),
    placeholderData: keepPreviousData,
  });

  async function confirmDelete() {
    if (!toDelete) return;
    const id = toast.loading('Excluindo paciente...');
    setDeleting(true);
    try {
      await deletePatient(toDelete.id);
      setToDelete(null);
      await queryClient.invalidateQueries({ queryKey: patientKeys.all });
      toast.success('Paciente excluído com sucesso!', { id });
    } catch {
      toast.error('Erro ao excluir paciente. Tente novamente.', { id });
    } finally {
      setDeleting(false);
    }
  }

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: 'Nome',
        cell: (info) => (
          <Link className="patients__name-link" to={paths.patientDetail.getHref(info.row.original.id)}>
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
              <Link className={buttonClassName({ variant: 'ghost', size: 'sm' })} to={paths.patientEdit.getHref(p.id)} aria-label={`Editar ${p.name}`}>
                Editar
              </Link>
              <Link className={buttonClassName({ variant: 'ghost', size: 'sm' })} to={paths.patientEvolution.getHref(p.id)} aria-label={`Evolução de ${p.name}`}>
                <IconTrend size={16} />
                Evolução
              </Link>
              <Button variant="ghost" size="sm" className="patients__delete" onClick={() => setToDelete(p)} aria-label={`Excluir ${p.name}`}>
                <IconTrash size={16} />
                Excluir
              </Button>
            </span>
          );
        },
      }),
    ],
    [],
  );

  const page = query.data;
  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError && !page)
    body = <ErrorState message="Erro ao carregar pacientes. Tente novamente." onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else if (page && page.items.length === 0)
    body = q ? (
      <EmptyState title="Nenhum paciente encontrado" description={`Nenhum paciente corresponde a “${q}”.`} />
    ) : (
      <EmptyState
        icon={IconUsers}
        title="Nenhum paciente cadastrado"
        description="Cadastre o primeiro paciente para registrar exames e acompanhar a evolução auditiva."
        action={
          <Link className={buttonClassName()} to={paths.patientNew.getHref()}>
            <IconUserPlus size={16} />
            Cadastrar Paciente
          </Link>
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
            Mostrando {page.items.length} de {page.total} pacientes
          </span>
          <Pagination offset={offset} pageSize={PATIENTS_PAGE_SIZE} total={page.total} onOffsetChange={setOffset} label="Paginação de pacientes" />
        </div>
      </>
    );

  return (
    <div className="patients">
      <PageHeader
        title="Pacientes"
        description="Trabalhadores cadastrados na sua organização."
        actions={
          <Link className={buttonClassName()} to={paths.patientNew.getHref()}>
            <IconUserPlus size={16} />
            Novo Paciente
          </Link>
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
          <ExportCsvButton path="/api/patients/export.csv" filters={{ q }} fileName="pacientes.csv" />
        </div>
        {body}
      </Card>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && !deleting && setToDelete(null)}
        title="Excluir paciente"
        description={
          toDelete
            ? `Tem certeza que deseja excluir ${toDelete.name}? O paciente e todos os dados relacionados (exames, arquivos e laudos) serão removidos permanentemente.`
            : ''
        }
        confirmLabel="Excluir"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
