import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { formatDate, getReport, getReportByExam, reportKeys, downloadReportPdf, finalizeReport, generateReport, parseDraft } from '../reports';
import { forbiddenMessage, registryLabel } from '../../../../core/src/index';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { IconCheckCircle, IconDownload } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { canFinalizeLaudo, can, NEXO_FINALIZE_NOTE, RequirePermission, useAuth } from '../auth';
import { CompleteProfileModal, useProfileCompletion } from '../profile';
import { DraftEditor, type DraftEditorController, KeptEditsBanner, StaleDraftBanner } from '../report-editor';
import { AiStatusPanel, AudiogramReviewGrid, FileDropZone, hasAirThresholds, type UploadBatchResult } from '../upload';
import type { ExamResponse } from '../../../../adapters/src/http/contract/exams';
import { createWizardExam, getWizardExam, listWizardPatients, listWorkerExams, wizardKeys } from './api';
import { AudiometryStep, ConsultationStep, ExamStep, NexoStep, PatientStep, StepHeading, type Doctor } from './steps';
import {
  CONSULTATION_TYPES,
  exportFileName,
  generatePayload,
  initialWizardState,
  LAST_STEP,
  newExamBlocker,
  newExamPayload,
  nextStep,
  previousStep,
  stepBlocker,
  WIZARD_MESSAGES,
  wizardReducer,
} from './wizard-state';
import './report-wizard.css';

const STEP_NAMES = ['Paciente', 'Consulta', 'Audiometria', 'Nexo Causal', 'Exame', 'Organizar', 'Revisão', 'Finalizado'];

const messageOf = (e: unknown) => (e instanceof Error && e.message ? e.message : String(e));

/**
 * /report-wizard (spec §2, §3 wizard state, §4 step conditions, §5 messages): eight steps from the
 * patient to the finalised laudo. Step 4 picks the laudo's exam among the worker's exams (the one
 * the user came from — `?examId=` or navigation state — is preselected), or creates one from the
 * new-exam form the user fills in and reads the file into it (issue 14: no exam is ever created
 * behind the user's back); the rules and the writer organise the draft at step 5; the professional
 * reviews it at step 6; moving to step 7 finalises it (the PDF is issued once).
 */
export default function ReportWizardPage() {
  useDocumentTitle('Organizar Laudo');
  // issue 18: organising a laudo is laudo.draft (médico, fonoaudiólogo)
  return (
    <RequirePermission action="laudo.draft">
      <ReportWizard />
    </RequirePermission>
  );
}

function ReportWizard() {
  const location = useLocation();
  const navState = location.state as { patientId?: unknown; examId?: unknown } | null;
  const [search] = useSearchParams();
  const [sourceExamId] = useState(() => (typeof navState?.examId === 'string' ? navState.examId : search.get('examId')) || null);
  const [state, dispatch] = useReducer(wizardReducer, typeof navState?.patientId === 'string' ? navState.patientId : '', initialWizardState);
  const queryClient = useQueryClient();
  const auth = useAuth();
  const profile = useProfileCompletion();
  const patients = useQuery({ queryKey: wizardKeys.patients, queryFn: ({ signal }) => listWizardPatients(signal) });
  const [profileModalDismissed, setProfileModalDismissed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [generating, setGenerating] = useState(false);
  const generatingRef = useRef(false);
  const [exam, setExam] = useState<ExamResponse | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const [creatingExam, setCreatingExam] = useState(false);
  const sourceExam = useQuery({ queryKey: wizardKeys.exam(sourceExamId ?? ''), queryFn: ({ signal }) => getWizardExam(sourceExamId!, signal), enabled: sourceExamId !== null, retry: false });
  const workerExams = useQuery({ queryKey: wizardKeys.exams(state.patientId), queryFn: ({ signal }) => listWorkerExams(state.patientId, signal), enabled: state.patientId !== '' });
  const [confirmRestart, setConfirmRestart] = useState(false);
  const [exporting, setExporting] = useState(false);
  const editor = useRef<DraftEditorController>(null);
  const [editorVersion, setEditorVersion] = useState(0);
  const [keptEdits, setKeptEdits] = useState<readonly string[] | undefined>(undefined);
  const stepRef = useRef<HTMLDivElement>(null);

  const p = profile.profile;
  const doctor: Doctor | null = p
    ? { id: p.id, name: p.name, registry: registryLabel(p), specialization: p.specialization, complete: !profile.needsCompletion }
    : null;

  useEffect(() => {
    if (doctor && state.doctorId !== doctor.id) dispatch({ type: 'patch', patch: { doctorId: doctor.id } });
  }, [doctor, state.doctorId]);

  useEffect(() => {
    if (patients.isError) toast.error('Erro ao carregar pacientes');
  }, [patients.isError]);

  // Came from an exam: its worker and the exam itself are preselected (and its consultation, when recorded).
  const appliedSource = useRef(false);
  useEffect(() => {
    const e = sourceExam.data;
    if (!e || appliedSource.current) return;
    appliedSource.current = true;
    dispatch({ type: 'patient', patientId: e.patientId });
    dispatch({ type: 'chooseExam', examId: e.id, hasThresholds: hasAirThresholds(e) });
    if (e.consultationType && (CONSULTATION_TYPES as readonly string[]).includes(e.consultationType)) {
      dispatch({ type: 'consultationType', value: e.consultationType as (typeof CONSULTATION_TYPES)[number] });
      if (e.consultationReason) dispatch({ type: 'patch', patch: { consultationReason: e.consultationReason } });
    }
  }, [sourceExam.data]);

  const defaultOperator = doctor ? { name: doctor.name, registration: doctor.registry ?? '' } : undefined;

  // A worker without exams can only start from a file.
  useEffect(() => {
    if (workerExams.data && workerExams.data.length === 0 && state.examSource !== 'new-file') dispatch({ type: 'examSource', source: 'new-file', operator: defaultOperator });
  }, [workerExams.data, state.examSource]);

  // The new exam's examiner starts as the logged-in professional (shown, editable): set with the choice of
  // "Novo exame a partir de arquivo" (same render), or here when the profile arrives after it.
  useEffect(() => {
    if (state.examSource === 'new-file' && !state.examId && !state.newExam.operatorName && doctor) {
      dispatch({ type: 'newExam', patch: { operatorName: doctor.name, operatorRegistration: doctor.registry ?? '' } });
    }
  }, [state.examSource, state.examId, state.newExam.operatorName, doctor]);

  // Move focus to the new step's heading so keyboard and screen-reader users follow the wizard.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    stepRef.current?.querySelector<HTMLElement>('[data-step-heading]')?.focus();
  }, [state.step]);

  // the chosen exam's laudo, when it has one: a finalised laudo cannot be drafted again
  const examLaudo = useQuery({
    queryKey: reportKeys.byExam(state.examId ?? ''),
    queryFn: ({ signal }) => getReportByExam(state.examId!, signal),
    enabled: state.examId !== null && state.step === 4 && !state.reportId,
  });
  const examLaudoFinalised = state.step === 4 && !state.reportId && examLaudo.data?.status === 'Finalizado';
  // the draft under review, with whether the exam changed since it was organised (stale → reorganise before finalising)
  const laudo = useQuery({
    queryKey: reportKeys.detail(state.reportId ?? ''),
    queryFn: ({ signal }) => getReport(state.reportId!, signal),
    enabled: state.reportId !== null && state.step === 6,
  });
  const blocker = stepBlocker(state, { doctorReady: doctor?.complete ?? false, examLaudoFinalised });
  const selectedPatient = patients.data?.find((x) => x.id === state.patientId);
  const draft = state.editedReport ?? state.generatedReport;
  const laudoExam = workerExams.data?.find((e) => e.id === state.examId) ?? (sourceExam.data?.id === state.examId ? sourceExam.data : undefined);
  const examLine = laudoExam
    ? `${formatDate(laudoExam.date)} — ${laudoExam.operatorName || 'examinador não informado'}`
    : state.examSource === 'new-file' && state.examId ? `${formatDate(state.newExam.date)} — ${state.newExam.operatorName}` : '-';

  /** "Criar exame": the only place the wizard creates an exam, with the record the user filled in. */
  async function createExam() {
    if (creatingExam || newExamBlocker(state.newExam)) return;
    setCreatingExam(true);
    try {
      const created = await createWizardExam(newExamPayload(state));
      dispatch({ type: 'patch', patch: { examId: created.id, examHasThresholds: false, error: null } });
      void queryClient.invalidateQueries({ queryKey: wizardKeys.exams(state.patientId) });
      toast.success('Exame criado. Envie o arquivo do audiograma.');
    } catch (e) {
      dispatch({ type: 'error', message: `Erro ao criar exame: ${messageOf(e)}` });
    } finally {
      setCreatingExam(false);
    }
  }

  // issue 18: finalising needs laudo.finalize, and a nexo-causal laudo a médico (NR-7 Anexo II item 6)
  const finalizeRefusal =
    state.step === 6 && !canFinalizeLaudo(auth.user, state.audiometryType)
      ? can(auth.user, 'laudo.finalize')
        ? `${NEXO_FINALIZE_NOTE} O rascunho fica salvo para a finalização pelo médico.`
        : forbiddenMessage('laudo.finalize')
      : null;

  async function goNext() {
    if (busy || blocker || finalizeRefusal || state.step >= LAST_STEP) return;
    if (state.step === 6) {
      if (!state.reportId) return;
      setBusy(true);
      try {
        const saved = (await editor.current?.flush()) ?? true;
        if (!saved) {
          dispatch({ type: 'error', message: 'Erro ao salvar laudo: corrija o problema indicado no editor antes de finalizar.' });
          return;
        }
        const finalReport = await finalizeReport(state.reportId);
        dispatch({ type: 'patch', patch: { finalReport } });
        dispatch({ type: 'go', step: 7 });
      } catch (e) {
        dispatch({ type: 'error', message: `Erro ao finalizar laudo: ${messageOf(e)}` });
        // a 409 may mean the exam changed meanwhile: reload the laudo so the reorganise banner shows
        if (e instanceof ApiError && e.status === 409) void laudo.refetch();
      } finally {
        setBusy(false);
      }
      return;
    }
    dispatch({ type: 'go', step: nextStep(state) });
  }

  async function generate() {
    if (generatingRef.current) return; // spec §4: a duplicate click while running is ignored
    if (!state.examId) {
      dispatch({ type: 'error', message: 'ExamId não encontrado. Por favor, refaça o upload dos arquivos.' });
      return;
    }
    generatingRef.current = true;
    setGenerating(true);
    dispatch({ type: 'error', message: null });
    try {
      const report = await generateReport(state.examId, generatePayload(state));
      const generated = parseDraft(report.draftJson);
      queryClient.setQueryData(reportKeys.detail(report.id), report);
      setKeptEdits(undefined);
      dispatch({ type: 'patch', patch: { generatedReport: generated, editedReport: null, reportId: report.id, finalReport: null } });
      toast.success('Laudo gerado com sucesso pela IA!');
      dispatch({ type: 'go', step: 6 });
    } catch (e) {
      const message = e instanceof Error && e.message ? e.message : '';
      dispatch({ type: 'error', message: message ? `Erro ao organizar laudo: ${message}` : 'Erro ao organizar laudo' });
    } finally {
      generatingRef.current = false;
      setGenerating(false);
    }
  }

  async function exportPdf() {
    const id = state.finalReport?.id ?? state.reportId;
    if (!id) {
      toast.error('Nenhum laudo encontrado para exportar');
      return;
    }
    setExporting(true);
    try {
      const blob = await downloadReportPdf(id);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = exportFileName(state.finalReport?.patientName ?? selectedPatient?.name ?? 'paciente');
      document.body.appendChild(a);
      a.click();
      a.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
      toast.success('PDF exportado com sucesso!');
    } catch (e) {
      const reason = e instanceof ApiError || e instanceof Error ? e.message || 'Erro desconhecido' : 'Erro desconhecido';
      toast.error(`Erro ao exportar PDF: ${reason}`);
    } finally {
      setExporting(false);
    }
  }

  function onUploaded(result: UploadBatchResult) {
    const files = result.items
      .filter((i) => i.state === 'uploaded' && i.answer)
      .map((i) => ({ id: i.answer!.file.id, fileName: i.answer!.file.fileName, analysisSucceeded: i.answer!.analysisSucceeded, reviewPending: i.answer!.reviewPending }));
    if (files.length) dispatch({ type: 'filesUploaded', files });
    if (result.uploaded > 0 && result.analysisFailed === result.uploaded && !state.examHasThresholds && !state.uploadedFiles.some((f) => f.analysisSucceeded)) {
      toast.noSuccessfulAnalysis(WIZARD_MESSAGES.noSuccessfulAnalysis);
    }
    // remount the status panel and the review grid on the exam as the server now has it
    setExam(null);
    setRefreshKey((k) => k + 1);
  }

  function onExamData(next: ExamResponse) {
    setExam((current) => current ?? next);
    if (hasAirThresholds(next) !== state.examHasThresholds) dispatch({ type: 'patch', patch: { examHasThresholds: hasAirThresholds(next) } });
  }

  const visibleSteps = STEP_NAMES.map((name, index) => ({ name, index })).filter((s) => s.index !== 3 || state.audiometryType === 'nexo-causal');
  const position = visibleSteps.findIndex((s) => s.index === state.step) + 1;
  // a reading held for review (another person's file, not high confidence) waits for the professional: not a failure
  const readingHeld = state.step === 4 && !state.examHasThresholds && state.uploadedFiles.some((f) => f.reviewPending);
  const showUploadFailure =
    state.step === 4 && state.uploadedFiles.length > 0 && !state.uploadedFiles.some((f) => f.analysisSucceeded) && !state.examHasThresholds && !readingHeld;

  let body;
  switch (state.step) {
    case 0:
      body = (
        <PatientStep
          state={state}
          dispatch={dispatch}
          patients={patients.data}
          patientsLoading={patients.isPending}
          patientsError={patients.isError}
          doctor={doctor}
          doctorLoading={profile.isLoading}
          doctorError={Boolean(profile.error)}
          onCompleteProfile={() => setProfileModalDismissed(false)}
        />
      );
      break;
    case 1:
      body = <ConsultationStep state={state} dispatch={dispatch} />;
      break;
    case 2:
      body = <AudiometryStep state={state} dispatch={dispatch} />;
      break;
    case 3:
      body = <NexoStep state={state} dispatch={dispatch} />;
      break;
    case 4: {
      const chosen = laudoExam;
      const showUpload = state.examId !== null && (state.examSource === 'new-file' || !chosen || !hasAirThresholds(chosen) || state.uploadedFiles.length > 0);
      body = (
        <ExamStep
          state={state}
          dispatch={dispatch}
          exams={workerExams.data}
          examsLoading={workerExams.isPending}
          examsError={workerExams.isError}
          onRetry={() => void workerExams.refetch()}
          hasThresholds={hasAirThresholds}
          creating={creatingExam}
          onCreate={() => void createExam()}
          createBlocker={newExamBlocker(state.newExam)}
          defaultOperator={defaultOperator}
        >
          {examLaudoFinalised && examLaudo.data && (
            <Banner variant="warning" actions={<Link to={paths.reportDetail.getHref(examLaudo.data.id)}>Ver laudo</Link>}>
              {WIZARD_MESSAGES.examLaudoFinalised}.
            </Banner>
          )}
          {state.examId && chosen && state.examSource === 'existing' && hasAirThresholds(chosen) && state.uploadedFiles.length === 0 && !examLaudoFinalised && (
            <p className="wizard__note" role="status">
              O laudo será redigido para o exame de {formatDate(chosen.date)} (examinador: {chosen.operatorName || 'não informado'}).{' '}
              <Link to={paths.examDetail.getHref(chosen.id)}>Ver exame</Link>
            </p>
          )}
          {showUpload && state.examId && doctor && (
            <div className="wizard__upload">
              <h3 className="wizard__panel-title">Arquivo do audiograma</h3>
              <FileDropZone examId={state.examId} userId={auth.user?.id ?? doctor.id} onUploaded={onUploaded} />
              <p className="wizard__count" aria-live="polite">
                {state.uploadedFiles.length} arquivo(s) enviado(s)
              </p>
              {state.uploadedFiles.length > 0 && (
                <>
                  <AiStatusPanel key={refreshKey} examId={state.examId} refreshKey={refreshKey} onData={onExamData} />
                  {exam && (
                    <AudiogramReviewGrid
                      key={`grid-${refreshKey}`}
                      exam={exam}
                      onSaved={(saved) => {
                        setExam(saved);
                        // saving the grid or deciding a held reading settles every reading waiting for review
                        dispatch({
                          type: 'patch',
                          patch: { examHasThresholds: hasAirThresholds(saved), error: null, uploadedFiles: state.uploadedFiles.map((f) => ({ ...f, reviewPending: false })) },
                        });
                      }}
                    />
                  )}
                </>
              )}
            </div>
          )}
        </ExamStep>
      );
      break;
    }
    case 5:
      body = (
        <>
          <StepHeading
            title="Organizar laudo com IA"
            description="As classificações, médias e o nível de nexo sugerido são calculados pelas regras da NR-7; o texto é redigido a partir desses fatos."
          />
          <div className="wizard__generate">
            <Button onClick={() => void generate()} loading={generating} loadingText="Organizando laudo audiométrico..." disabled={generating}>
              Organizar Laudo Agora
            </Button>
            {generating && <Spinner label="Organizando laudo audiométrico..." />}
            {state.reportId && !generating && (
              <p className="wizard__note">Um rascunho já foi gerado; organizar novamente substitui o texto pelo de uma nova geração.</p>
            )}
          </div>
        </>
      );
      break;
    case 6:
      body = (
        <>
          <StepHeading title="Revisar e editar o laudo" description="As alterações são salvas automaticamente." />
          <Banner variant="info">Revise todas as informações do laudo antes de avançar. Ao avançar, o laudo é finalizado e o PDF é emitido para assinatura.</Banner>
          {state.finalReport && <Banner variant="warning">Este laudo já foi finalizado: o servidor não aceita mais alterações.</Banner>}
          {laudo.data && laudo.data.id === state.reportId && (
            <StaleDraftBanner
              report={laudo.data}
              beforeRefresh={async () => (await editor.current?.flush()) ?? true}
              onRefreshed={(updated) => {
                queryClient.setQueryData(reportKeys.detail(updated.id), updated);
                // the exam changed: the wizard's copies of it (step 7 states its date and examiner) are reloaded
                void queryClient.invalidateQueries({ queryKey: ['report-wizard'] });
                dispatch({ type: 'patch', patch: { generatedReport: parseDraft(updated.draftJson), editedReport: null, error: null } });
                setKeptEdits(updated.keptEdits);
                setEditorVersion((v) => v + 1); // the editor restarts from the reorganised draft
              }}
            />
          )}
          <KeptEditsBanner keptEdits={keptEdits} />
          {draft && state.reportId && (
            <>
              <p className="wizard__note">
                Texto redigido por {draft.narrative_source === 'template' || !draft.narrative_source ? 'modelos de texto' : `modelo local (${String(draft.narrative_source).replace(/^ollama:/, '')})`}, verificado
                contra as regras · completude dos dados {typeof draft.confidence_score === 'number' ? `${Math.round(draft.confidence_score * 100)}%` : '-'}
              </p>
              <DraftEditor
                key={`${state.reportId}-${editorVersion}`}
                reportId={state.reportId}
                type={state.audiometryType}
                initialDraft={draft}
                controllerRef={editor}
                onChange={(edited) => dispatch({ type: 'patch', patch: { editedReport: edited } })}
              />
            </>
          )}
        </>
      );
      break;
    default:
      body = (
        <div className="wizard__done">
          <IconCheckCircle className="wizard__done-icon" size={48} />
          <StepHeading title="Laudo Finalizado!" description="O PDF foi emitido e está pronto para a assinatura do profissional." />
          <dl className="wizard__facts wizard__summary">
            <dt>Paciente</dt>
            <dd>{state.finalReport?.patientName ?? selectedPatient?.name ?? '-'}</dd>
            <dt>Profissional</dt>
            <dd>
              {/* issue 18: who finalised (and signs) it, which in a team may not be who drafted it */}
              {state.finalReport?.finalizedBy
                ? `${state.finalReport.finalizedBy.name}${state.finalReport.finalizedBy.registry ? ` — ${state.finalReport.finalizedBy.registry}` : ''}`
                : `${state.finalReport?.doctorName ?? doctor?.name ?? '-'}${doctor?.registry ? ` — ${doctor.registry}` : ''}`}
            </dd>
            <dt>Tipo</dt>
            <dd>{state.audiometryType === 'nexo-causal' ? 'Com Nexo Causal' : 'Simples'}</dd>
            <dt>Exame</dt>
            <dd>{examLine}</dd>
            <dt>Arquivos anexados</dt>
            <dd>{state.uploadedFiles.length}</dd>
          </dl>
          <div className="wizard__done-actions">
            <Button onClick={() => void exportPdf()} loading={exporting} loadingText="Exportando...">
              <IconDownload size={16} />
              Exportar PDF para Assinatura
            </Button>
            <Button variant="secondary" onClick={() => setConfirmRestart(true)}>
              Iniciar Novo Laudo
            </Button>
          </div>
        </div>
      );
  }

  return (
    <div className="wizard">
      <PageHeader title="Organizar Laudo" description="Do paciente ao laudo finalizado, em etapas." />
      <nav aria-label="Etapas do laudo">
        <ol className="wizard__steps">
          {visibleSteps.map((s, i) => (
            <li
              key={s.index}
              className={`wizard__step${s.index === state.step ? ' wizard__step--current' : ''}${s.index < state.step ? ' wizard__step--done' : ''}`}
              aria-current={s.index === state.step ? 'step' : undefined}
            >
              <span className="wizard__step-number" aria-hidden="true">
                {i + 1}
              </span>
              <span className="wizard__step-name">{s.name}</span>
            </li>
          ))}
        </ol>
      </nav>
      <p className="visually-hidden" aria-live="polite">
        Etapa {position} de {visibleSteps.length}: {STEP_NAMES[state.step]}
      </p>

      {state.error && (
        <Banner variant="error" className="wizard__error">
          {state.error}
        </Banner>
      )}
      {showUploadFailure && <Banner variant="error">{WIZARD_MESSAGES.noSuccessfulAnalysis}</Banner>}
      {readingHeld && <Banner variant="info">{WIZARD_MESSAGES.readingHeld}</Banner>}

      <div className="wizard__body" ref={stepRef} data-step={state.step}>
        {body}
      </div>

      <div className="wizard__nav">
        <Button variant="secondary" disabled={state.step === 0 || busy || generating} onClick={() => dispatch({ type: 'go', step: previousStep(state) })}>
          Voltar
        </Button>
        {blocker && state.step < LAST_STEP && state.step !== 5 && (
          <p className="wizard__blocker" id="wizard-blocker">
            {blocker}
          </p>
        )}
        {finalizeRefusal ? (
          <p className="wizard__blocker" data-testid="finalize-refusal">
            {finalizeRefusal}
          </p>
        ) : (
          <Button
            disabled={Boolean(blocker) || state.step >= LAST_STEP || busy || generating}
            aria-describedby={blocker ? 'wizard-blocker' : undefined}
            onClick={() => void goNext()}
            loading={busy}
            loadingText={state.step === 6 ? 'Finalizando...' : 'Aguarde...'}
          >
            Próximo
          </Button>
        )}
      </div>

      {p && auth.user && (
        <CompleteProfileModal
          open={profile.needsCompletion && !profileModalDismissed}
          userId={auth.user.id}
          initial={{ professionalType: p.professionalType, crm: p.crm, crmState: p.crmState, crfa: p.crfa, crfaRegion: p.crfaRegion, specialization: p.specialization }}
          onCompleted={() => setProfileModalDismissed(true)}
          onCancel={() => setProfileModalDismissed(true)}
        />
      )}
      <ConfirmDialog
        open={confirmRestart}
        onOpenChange={setConfirmRestart}
        title="Iniciar novo laudo?"
        description="Os dados atuais do assistente serão perdidos. O laudo finalizado continua disponível em Laudos."
        confirmLabel="Iniciar Novo Laudo"
        tone="primary"
        onConfirm={() => window.location.reload()}
      />
    </div>
  );
}
