import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Link, useNavigate, useParams } from 'react-router';
import { DataTable } from '../../components/data-table/data-table';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { buttonClassName } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { IconAudiogram, IconFileText, IconTrend } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { LoadingState } from '../../components/ui/spinner';
import { EmptyState } from '../../components/ui/states';
import { paths } from '../../config/paths';
import { examSummary } from '../../lib/exam-summary';
import { getPatient, listPatientExams, patientKeys, type PatientExam } from './api';
import { ageText, formatDate, formatDay, operatorRegistration, sexWord } from './format';
import { PatientNotFound } from './patient-not-found';
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
  useDocumentTitle(patient.data?.name ?? 'Paciente');

  if (patient.isPending) return <LoadingState />;
  if (patient.isError) return <PatientNotFound />;
  const p = patient.data;

  return (
    <div className="patients">
      <PageHeader
        title={p.name}
        description={`Cadastrado em ${formatDate(p.createdAt)}`}
        back={{ to: paths.patients.getHref(), label: 'Voltar' }}
        actions={
          <Link className={buttonClassName({ variant: 'secondary' })} to={paths.patientEdit.getHref(p.id)}>
            Editar Paciente
          </Link>
        }
      />
      <div className="patient-detail__grid">
        <Card title="Dados do Paciente">
          <dl className="patient-facts">
            <div>
              <dt>Nome</dt>
              <dd>{p.name}</dd>
            </div>
            <div>
              <dt>Idade</dt>
              <dd>{ageText(p.age)}</dd>
            </div>
            <div>
              <dt>Sexo</dt>
              <dd>{sexWord(p.sex)}</dd>
            </div>
            <div>
              <dt>Data de cadastro</dt>
              <dd>{formatDate(p.createdAt)}</dd>
            </div>
            {p.company && (
              <div>
                <dt>Empresa</dt>
                <dd>{p.company}</dd>
              </div>
            )}
            {p.jobTitle && (
              <div>
                <dt>Cargo/Função</dt>
                <dd>{p.jobTitle}</dd>
              </div>
            )}
          </dl>
        </Card>
        <Card title="Ações Rápidas">
          <div className="patient-quick-actions">
            <button type="button" className={buttonClassName({ fullWidth: true })} onClick={() => navigate(paths.reportWizard.getHref(), { state: { patientId: p.id } })}>
              <IconFileText size={16} />
              Organizar Laudo
            </button>
            <Link className={buttonClassName({ variant: 'secondary', fullWidth: true })} to={`${paths.examNew.getHref()}?patientId=${encodeURIComponent(p.id)}`}>
              <IconAudiogram size={16} />
              Novo Exame
            </Link>
            <Link className={buttonClassName({ variant: 'secondary', fullWidth: true })} to={paths.patientEvolution.getHref(p.id)}>
              <IconTrend size={16} />
              Ver Evolução
            </Link>
          </div>
        </Card>
      </div>
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
    </div>
  );
}
