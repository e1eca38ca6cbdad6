import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Banner } from '../../components/ui/banner';
import { Button, buttonClassName } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { IconArrowLeft, IconAudiogram, IconFileText, IconTrash, IconTrend, IconUser } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { LoadingState, Spinner } from '../../components/ui/spinner';
import { ErrorState } from '../../components/ui/states';
import { paths } from '../../config/paths';
import { toast } from '../../lib/toast';
import { useCan } from '../auth';
import { AsoSection } from '../esocial';
import { getReportByExam, reportKeys } from '../reports';
import { examKeys, getExam, getExamFiles, type Exam, type ExamFile } from './api';
import { alertsOf, examRoleOf, findingsOf, nr7Label, str, triState, type Classification, type Side } from '../../lib/classification';
import { ClinicalSection } from './components/clinical-section';
import { ExamDeleteDialog } from './components/exam-delete-dialog';
import { ExamEditForm } from './components/exam-edit-form';
import { examTypeText } from './components/exam-type-select';
import { ReferenceSection } from './components/reference-section';
import { ReadingDecisions } from './components/reading-decisions';
import { attributionText } from '../../lib/attribution';
import { classificationDb } from '../../lib/bounded-db';
import { ExamFileDialog } from './exam-file-dialog';
import { ExamAudiogramSection } from '../upload';
import { db, formatDay, formatDateTime, operatorRegistration, sexWord } from './format';
import './exams.css';

const AudiogramChart = lazy(() => import('../../components/audiogram/audiogram-chart'));

const EAR: Record<Side, string> = { right: 'Orelha direita (OD)', left: 'Orelha esquerda (OE)' };

/** /exams/{id} (spec §2 "Exam detail"; product.md: the audiogram itself, with the NR-7 reading). */
export default function ExamDetailPage() {
  const { id = '' } = useParams();
  const exam = useQuery({ queryKey: examKeys.detail(id), queryFn: ({ signal }) => getExam(id, signal) });
  useDocumentTitle('Exame');

  if (exam.isPending) return <LoadingState />;
  if (exam.isError)
    return (
      <Card>
        <ErrorState
          title="Erro ao Carregar Exame"
          message="Erro ao carregar detalhes do exame"
          actions={
            <Link className={buttonClassName({ variant: 'secondary' })} to={paths.exams.getHref()}>
              <IconArrowLeft size={16} />
              Voltar para Exames
            </Link>
          }
        />
      </Card>
    );
  return <ExamDetail exam={exam.data} />;
}

function ExamDetail({ exam }: { exam: Exam }) {
  const c = exam.classification as Classification;
  const role = examRoleOf(c);
  const withoutThresholds = role === 'sem_limiares';
  const referenceId = str(c, 'reference_exam_id');
  const reference = useQuery({
    queryKey: examKeys.detail(referenceId ?? ''),
    queryFn: ({ signal }) => getExam(referenceId ?? '', signal),
    enabled: referenceId !== null && referenceId !== exam.id,
  });
  const overlay =
    referenceId !== null && referenceId !== exam.id && reference.data
      ? { values: reference.data.audiogram, label: `Referência ${formatDay(reference.data.date)}` }
      : undefined;
  const ageAtExam = exam.patientAgeAtExam ?? exam.patientAge;
  const [file, setFile] = useState<ExamFile | null>(null);
  const [noFiles, setNoFiles] = useState(false);
  const [loadingFiles, setLoadingFiles] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const hasAudiogram = Object.values(exam.audiogram.air).some((p) => p.re !== null || p.le !== null);
  const hasSpeech = exam.speechTest !== null && Object.values(exam.speechTest).some((v) => v !== null);
  const findings = findingsOf(c);
  const alerts = alertsOf(c);
  const referenceDate = str(c, 'reference_date');
  const canRecord = useCan('exams.write');
  const canDelete = useCan('records.delete');
  const canDraft = useCan('laudo.draft');
  // issue 20: a finalised laudo locks its exam (409 on any correction): say so, and where to amend it
  const laudo = useQuery({ queryKey: reportKeys.byExam(exam.id), queryFn: ({ signal }) => getReportByExam(exam.id, signal) });
  const locked = laudo.data?.status === 'Finalizado';
  const amending = laudo.data?.status === 'Draft' && laudo.data.version > 1;

  async function openFile() {
    setNoFiles(false);
    setLoadingFiles(true);
    try {
      const files = await getExamFiles(exam.id);
      if (files.length === 0) setNoFiles(true);
      else setFile(files[0]);
    } catch {
      toast.error('Erro ao carregar arquivos do exame');
    } finally {
      setLoadingFiles(false);
    }
  }

  return (
    <div className="ui-page exams">
      <PageHeader
        title={`Exame de ${formatDay(exam.date)}`}
        description={exam.patientName}
        back={{ to: paths.exams.getHref(), label: 'Voltar para Exames' }}
        actions={
          !editing &&
          (canRecord || canDelete) && (
            <>
              {canRecord && (
                <Button variant="secondary" onClick={() => setEditing(true)}>
                  Editar Exame
                </Button>
              )}
              {canDelete && (
                <Button variant="ghost" className="exam-detail__delete" onClick={() => setDeleting(true)}>
                  <IconTrash size={16} />
                  Excluir Exame
                </Button>
              )}
            </>
          )
        }
      />

      {laudo.data && (locked || amending) && (
        <Banner
          variant="info"
          title={locked ? 'Exame com laudo finalizado' : `Retificação do laudo em andamento (versão ${laudo.data.version})`}
          actions={<Link to={paths.reportDetail.getHref(laudo.data.id)}>Ver laudo</Link>}
        >
          {locked
            ? 'Este exame não pode ser alterado: um laudo finalizado depende dele. Para corrigi-lo, emita uma retificação do laudo.'
            : 'O exame pode ser corrigido enquanto a retificação estiver aberta; depois, reorganize e finalize a retificação do laudo.'}
        </Banner>
      )}

      {editing && canRecord && <ExamEditForm exam={exam} onDone={() => setEditing(false)} />}

      <div className="exam-detail__facts">
        <Card title="Paciente">
          <dl className="exam-facts">
            <Fact label="Nome" value={exam.patientName} />
            <Fact label="Sexo" value={sexWord(exam.patientSex)} />
            <Fact label="Idade no exame" value={ageAtExam === null ? '-' : `${ageAtExam} anos`} />
            {exam.patientCompany && <Fact label="Empresa" value={exam.patientCompany} />}
          </dl>
        </Card>
        <Card title="Dados do Exame">
          <dl className="exam-facts">
            <Fact label="Data do exame" value={formatDay(exam.date)} />
            <Fact label="Tipo de exame" value={examTypeText(exam)} />
            <Fact label="Operador" value={exam.operatorName || 'N/A'} />
            <Fact label="Registro do operador" value={operatorRegistration(exam)} />
            <Fact label="Cadastrado em" value={formatDateTime(exam.createdAt)} />
            <Fact label="Registrado por" value={recordedByText(exam)} />
            {exam.updatedBy && <Fact label="Última alteração por" value={attributionText(exam.updatedBy)} />}
            {exam.transducer && <Fact label="Transdutor" value={exam.transducer} />}
            {exam.calibrationDate && <Fact label="Calibração" value={formatDay(exam.calibrationDate)} />}
            {exam.ambientNoiseDb !== null && <Fact label="Ruído ambiente" value={db(exam.ambientNoiseDb)} />}
            {exam.acousticRestHours !== null && <Fact label="Repouso acústico" value={`${String(exam.acousticRestHours).replace('.', ',')} h`} />}
          </dl>
        </Card>
        <Card title="Resumo Rápido">
          <dl className="exam-facts">
            <Fact label="Status" value="Completo" />
            <Fact label="Audiograma" value={hasAudiogram ? 'Sim' : 'Não'} />
            <Fact label="Teste de fala" value={hasSpeech ? 'Sim' : 'Não'} />
          </dl>
        </Card>
      </div>

      <ClinicalSection exam={exam} />

      <Card title="Audiograma" description="Convenções ASHA: O vermelho = orelha direita, X azul = orelha esquerda; < e > = via óssea.">
        <div className="exam-detail__audiogram">
          <Suspense fallback={<div className="exam-detail__chart-loading"><Spinner label="Carregando audiograma..." /></div>}>
            <AudiogramChart values={exam.audiogram} title={`Audiograma de ${formatDay(exam.date)}`} reference={overlay} />
          </Suspense>
          {withoutThresholds ? (
            <Banner variant="warning">Exame sem limiares: não é comparado nem usado como exame de referência.</Banner>
          ) : (
            <div className="exam-detail__ears">
              {(['right', 'left'] as const).map((side) => (
                <EarPanel key={side} side={side} c={c} />
              ))}
            </div>
          )}
        </div>
      </Card>

      <ReferenceSection exam={exam} hasThresholds={hasAudiogram && !withoutThresholds} />

      {canRecord && <ExamAudiogramSection exam={exam} />}

      <ReadingDecisions exam={exam} />

      {referenceDate && !withoutThresholds && (
        <Card title="Comparação com o exame de referência" description={`Exame de referência: ${formatDay(referenceDate)}`}>
          <div className="exam-detail__comparison">
            {(['right', 'left'] as const).map((side) => (
              <ComparisonPanel key={side} side={side} c={c} />
            ))}
          </div>
          {alerts.length > 0 && (
            <ul className="exam-detail__alerts">
              {alerts.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          )}
        </Card>
      )}

      <Card title="Validade do exame (NR-7)">
        {findings.length === 0 ? (
          <Banner variant="success">Nenhuma pendência encontrada nas condições do exame.</Banner>
        ) : (
          <ul className="exam-detail__findings">
            {findings.map((f) => (
              <li key={f.code}>
                <span className="exam-detail__finding-text">{f.message}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <AsoSection examId={exam.id} patientId={exam.patientId} examType={exam.examType ?? null} />

      <Card title="Ações">
        {noFiles && <Banner variant="warning" className="exam-detail__nofiles">Nenhum arquivo de exame encontrado</Banner>}
        <div className="exam-detail__actions">
          <Link className={buttonClassName({ variant: 'secondary' })} to={paths.patientDetail.getHref(exam.patientId)}>
            <IconUser size={16} />
            Ver Paciente
          </Link>
          <Button variant="secondary" onClick={() => void openFile()} loading={loadingFiles}>
            <IconAudiogram size={16} />
            Ver Exame
          </Button>
          <Link className={buttonClassName({ variant: 'secondary' })} to={paths.patientEvolution.getHref(exam.patientId)}>
            <IconTrend size={16} />
            Ver Evolução
          </Link>
          {canDraft && (
            <Link className={buttonClassName()} to={`${paths.reportWizard.getHref()}?examId=${encodeURIComponent(exam.id)}`}>
              <IconFileText size={16} />
              Organizar Laudo
            </Link>
          )}
        </div>
      </Card>
      <ExamFileDialog file={file} onClose={() => setFile(null)} />
      {canDelete && <ExamDeleteDialog exam={exam} open={deleting} onOpenChange={setDeleting} />}
    </div>
  );
}

/** Who recorded the exam (issue 18): the member with registry and time; an exam of the bulk import names no one. */
function recordedByText(exam: Exam): string {
  if (exam.recordedBy) return attributionText(exam.recordedBy);
  return exam.imported ? 'Importado (sem profissional associado)' : '—';
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function EarPanel({ side, c }: { side: Side; c: Classification }) {
  const code = c[`classification_${side}`];
  const tone = code === 'aceitavel' ? 'ok' : code === 'sugestivo_painpse' ? 'alert' : 'neutral';
  return (
    <section className={`ear-panel ear-panel--${side}`} aria-label={EAR[side]}>
      <h3 className="ear-panel__title">{EAR[side]}</h3>
      <p className={`ear-panel__class ear-panel__class--${tone}`}>{nr7Label(code)}</p>
      <dl className="ear-panel__numbers">
        <div>
          <dt>PTA (500–2000 Hz)</dt>
          <dd>{classificationDb(c, `pta3_${side}`)}</dd>
        </div>
        <div>
          <dt>Média 3–6 kHz</dt>
          <dd>{classificationDb(c, `mean_346_${side}`)}</dd>
        </div>
      </dl>
    </section>
  );
}

function ComparisonPanel({ side, c }: { side: Side; c: Classification }) {
  const desenc = c[`desencadeamento_${side}`];
  const agrav = c[`agravamento_${side}`];
  const item = str(c, `nr7_item_${side}`);
  const criteria = Array.isArray(c[`nr7_criteria_${side}`]) ? (c[`nr7_criteria_${side}`] as string[]) : [];
  const refClass = c[`reference_classification_${side}`];
  const flagged = desenc === true || agrav === true;
  return (
    <section className={`comparison-panel${flagged ? ' comparison-panel--alert' : ''}`} aria-label={`Comparação — ${EAR[side]}`}>
      <h3 className="ear-panel__title">{EAR[side]}</h3>
      <p className="comparison-panel__ref">Referência: {nr7Label(refClass)}</p>
      <dl className="comparison-panel__rows">
        <div>
          <dt>Desencadeamento</dt>
          <dd className={desenc === true ? 'is-alert' : undefined}>{triState(desenc)}</dd>
        </div>
        <div>
          <dt>Agravamento</dt>
          <dd className={agrav === true ? 'is-alert' : undefined}>{triState(agrav)}</dd>
        </div>
        {item && (
          <div>
            <dt>Fundamento</dt>
            <dd>
              item {item}
              {criteria.length > 0 && `, critério ${criteria.join('/')}`}
            </dd>
          </div>
        )}
        <div>
          <dt>Δ média 3–6 kHz</dt>
          <dd>{classificationDb(c, `delta_mean_346_${side}`, true)}</dd>
        </div>
        <div>
          <dt>Maior mudança 3–6 kHz</dt>
          <dd>{classificationDb(c, `max_shift_346_${side}`, true)}</dd>
        </div>
        <div>
          <dt>Δ média 0,5–2 kHz</dt>
          <dd>{classificationDb(c, `delta_mean_0512_${side}`, true)}</dd>
        </div>
        <div>
          <dt>Maior mudança 0,5–8 kHz</dt>
          <dd>{classificationDb(c, `max_shift_any_${side}`, true)}</dd>
        </div>
      </dl>
    </section>
  );
}
