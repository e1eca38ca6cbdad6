import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { Link, useNavigate, useParams } from 'react-router';
import { DataTable } from '../../components/data-table/data-table';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Banner } from '../../components/ui/banner';
import { Button, buttonClassName } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { IconAudiogram, IconFileText, IconTrend } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { LoadingState } from '../../components/ui/spinner';
import { EmptyState } from '../../components/ui/states';
import { paths } from '../../config/paths';
import { examSummary } from '../../lib/exam-summary';
import { refusalOr } from '../../lib/api-client';
import { attributionName } from '../../lib/attribution';
import { toast } from '../../lib/toast';
import { useCan } from '../auth';
import { getPatient, listExamDeletions, listPatientExams, patientKeys, restorePatient, type PatientExam } from './api';
import { ageText, formatDate, formatDay, maskCpf, operatorRegistration, sexWord } from './format';
import { PatientNotFound } from './patient-not-found';
import { EmploymentSection } from './employment-section';
import { AccessLogSection } from '../audit';
import { LgpdExportButton } from '../privacy';
import './patients.css';

const column = createColumnHelper<PatientExam>();
const examColumns = [
  column.accessor('date', { header: 'Data', cell: (i) => formatDay(i.getValue()) }),
  column.accessor('operatorName', { header: 'Operador', cell: (i) => i.getValue() || 'N/A' }),
  column.display({ id: 'classification', header: 'Classificação (NR-7)', cell: ({ row }) => examSummary(row.original.classification) }),
  column.display({ id: 'registration', header: 'Registro', cell: ({ row }) => operatorRegistration(row.original) }),
  column.display({
    id: 'actions',
    header: 'Ações',
    meta: { align: 'end' },
    cell: ({ row }) => (
      <Link className={buttonClassName({ variant: 'ghost', size: 'sm' })} to={paths.examDetail.getHref(row.original.id)} aria-label={`Ver exame de ${formatDay(row.original.date)}`}>
        Ver
      </Link>
    ),
  }),
];

/** /patients/{id} (spec §2 "Patient detail"; product.md: 'Novo Exame' opens the entry form for this patient). */
export default function PatientDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const patient = useQuery({ queryKey: patientKeys.detail(id), queryFn: ({ signal }) => getPatient(id, signal) });
  const exams = useQuery({ queryKey: patientKeys.exams(id), queryFn: ({ signal }) => listPatientExams(id, signal), enabled: patient.isSuccess });
  const deletions = useQuery({ queryKey: patientKeys.deletions(id), queryFn: ({ signal }) => listExamDeletions(id, signal), enabled: patient.isSuccess });
  const queryClient = useQueryClient();
  const [restoring, setRestoring] = useState(false);
  const canWrite = useCan('workers.write');
  const canDelete = useCan('records.delete');
  const canRecord = useCan('exams.write');
  const canDraft = useCan('laudo.draft');
  useDocumentTitle(patient.data?.name ?? 'Paciente');

  if (patient.isPending) return <LoadingState />;
  if (patient.isError) return <PatientNotFound />;
  const p = patient.data;

  async function restore() {
    setRestoring(true);
    const toastId = toast.loading('Restaurando paciente...');
    try {
      await restorePatient(p.id);
      await queryClient.invalidateQueries({ queryKey: patientKeys.all });
      toast.success('Paciente restaurado.', { id: toastId });
    } catch (error) {
      toast.error(refusalOr(error, 'Erro ao restaurar paciente. Tente novamente.'), { id: toastId });
    } finally {
      setRestoring(false);
    }
  }

  return (
    <div className="ui-page patients">
      <PageHeader
        title={p.name}
        description={`Cadastrado em ${formatDate(p.createdAt)}`}
        back={{ to: paths.patients.getHref(), label: 'Voltar' }}
        actions={
          <>
            {canWrite && (
              <Link className={buttonClassName({ variant: 'secondary' })} to={paths.patientEdit.getHref(p.id)}>
                Editar Paciente
              </Link>
            )}
            <LgpdExportButton patientId={p.id} />
          </>
        }
      />
      {p.archivedAt && (
        <Banner variant="warning" title="Paciente arquivado">
          Arquivado em {formatDate(p.archivedAt)}{p.archivedBy ? ` por ${attributionName(p.archivedBy)}` : ''}. Não aparece em listas, buscas e contadores; exames, laudos e arquivos continuam guardados
          (NR-7, item 7.6.1.1). Restaure o cadastro para registrar novos exames.
        </Banner>
      )}
      <div className="patient-detail__grid">
        <Card title="Dados do Paciente">
          <dl className="patient-facts">
            <Fact label="Nome" value={p.name} />
            <Fact label="CPF" value={p.cpf ? maskCpf(p.cpf) : null} />
            <Fact label="Data de nascimento" value={p.birthDate ? formatDay(p.birthDate) : null} />
            <Fact label="Idade" value={p.age === null ? null : ageText(p.age)} />
            <Fact label="Sexo" value={sexWord(p.sex)} />
            <Fact label="Telefone" value={p.phone} />
            <Fact label="E-mail" value={p.email} />
            <Fact label="Empresa" value={p.company} />
            <Fact label="Cargo/Função" value={p.jobTitle} />
            <Fact label="Data de cadastro" value={formatDate(p.createdAt)} />
            <Fact label="Endereço" value={p.address} wide />
          </dl>
        </Card>
        <Card title="Ações Rápidas">
          {p.archivedAt ? (
            <div className="patient-quick-actions">
              {canDelete && (
                <Button fullWidth loading={restoring} loadingText="Restaurando..." onClick={() => void restore()}>
                  Restaurar Paciente
                </Button>
              )}
              <Link className={buttonClassName({ variant: 'secondary', fullWidth: true })} to={paths.patientEvolution.getHref(p.id)}>
                <IconTrend size={16} />
                Ver Evolução
              </Link>
            </div>
          ) : (
            <div className="patient-quick-actions">
              {canDraft && (
                <button type="button" className={buttonClassName({ fullWidth: true })} onClick={() => navigate(paths.reportWizard.getHref(), { state: { patientId: p.id } })}>
                  <IconFileText size={16} />
                  Organizar Laudo
                </button>
              )}
              {canRecord && (
                <Link className={buttonClassName({ variant: canDraft ? 'secondary' : 'primary', fullWidth: true })} to={`${paths.examNew.getHref()}?patientId=${encodeURIComponent(p.id)}`}>
                  <IconAudiogram size={16} />
                  Novo Exame
                </Link>
              )}
              <Link className={buttonClassName({ variant: 'secondary', fullWidth: true })} to={paths.patientEvolution.getHref(p.id)}>
                <IconTrend size={16} />
                Ver Evolução
              </Link>
            </div>
          )}
        </Card>
      </div>
      <EmploymentSection patientId={p.id} canWrite={canWrite && !p.archivedAt} />
      <Card title="Histórico de Exames" padding="none">
        {exams.isPending ? (
          <LoadingState />
        ) : exams.isError || exams.data.length === 0 ? (
          // Spec §8: a failed exam load is only logged; the empty list is shown.
          <EmptyState title="Nenhum exame cadastrado para este paciente" />
        ) : (
          <DataTable caption={`Exames de ${p.name}`} data={exams.data} columns={examColumns} getRowId={(e) => e.id} />
        )}
      </Card>
      {deletions.data && deletions.data.length > 0 && (
        <Card title="Exames excluídos" padding="none">
          <ul className="patient-deletions">
            {deletions.data.map((d) => (
              <li key={d.id}>
                <strong>Exame de {formatDay(d.examDate)}</strong> — excluído em {formatDate(d.deletedAt)} por {d.deletedByName}
                {d.hadDraftReport ? ' (rascunho de laudo descartado)' : ''}
                <p>Motivo: {d.reason}</p>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <AccessLogSection patientId={p.id} />
    </div>
  );
}

/** One fact of the worker; an empty one says so instead of disappearing (issue 14: the page shows every field). */
function Fact({ label, value, wide }: { label: string; value: string | null; wide?: boolean }) {
  return (
    <div className={wide ? 'patient-facts__wide' : undefined}>
      <dt>{label}</dt>
      <dd className={value ? undefined : 'patient-facts__empty'}>{value || 'Não informado'}</dd>
    </div>
  );
}
