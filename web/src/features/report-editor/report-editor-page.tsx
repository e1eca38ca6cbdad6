import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ExamResponse } from '../../../../adapters/src/http/contract/exams';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Banner } from '../../components/ui/banner';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { IconFileText } from '../../components/ui/icons';
import { Textarea } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { LoadingState } from '../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { paths } from '../../config/paths';
import { api, errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import {
  AmendLaudoButton,
  AmendmentBanner,
  finalizeReport,
  formatDate,
  generateReport,
  getReportByExam,
  LaudoVersionsCard,
  NarrativeView,
  parseDraft,
  reportKeys,
  reportTypeBadge,
  signatureKindLabel,
  updateReportDraft,
  useReportVersions,
  type Report,
} from '../reports';
import { can, canFinalizeLaudo, NEXO_FINALIZE_NOTE, useAuth, useCan } from '../auth';
import { KeptEditsBanner, StaleDraftBanner } from './stale-draft-banner';
import './report-editor.css';

const getExam = (id: string, signal?: AbortSignal) => api.get<ExamResponse>(`/exams/${encodeURIComponent(id)}`, { signal });

/**
 * /report/{examId} (spec §2 "Report editor", §4 states): no report → 'Gerar rascunho'; view mode
 * with the summary; 'Editar' → edit the summary → 'Salvar' (PUT, toast; 'Erro ao salvar laudo' 5 s)
 * or 'Cancelar' (restores); side panel with justifications, recommendations and the confidence bar.
 * A finalised laudo is read-only (the server refuses edits with 409 and a pt-BR message).
 */
export default function ReportEditorPage() {
  useDocumentTitle('Editor de Laudo');
  const { examId = '' } = useParams();
  const queryClient = useQueryClient();
  const exam = useQuery({ queryKey: ['exams', 'detail', examId], queryFn: ({ signal }) => getExam(examId, signal), retry: false });
  const report = useQuery({ queryKey: reportKeys.byExam(examId), queryFn: ({ signal }) => getReportByExam(examId, signal), retry: false });
  const [editing, setEditing] = useState(false);
  const [summary, setSummary] = useState('');
  const [saveError, setSaveError] = useState<string | null>(null);
  const [keptEdits, setKeptEdits] = useState<readonly string[] | undefined>(undefined);
  const canDraft = useCan('laudo.draft');
  const { user } = useAuth();
  const versions = useReportVersions(report.data?.id);
  const [confirmFinalize, setConfirmFinalize] = useState(false);
  const [finalizeError, setFinalizeError] = useState<string | null>(null);

  const generate = useMutation({
    mutationFn: () =>
      generateReport(examId, {
        audiometryType: 'simple',
        consultationType: exam.data?.consultationType ?? null,
        consultationReason: exam.data?.consultationReason ?? null,
        nexoCausalData: null,
      }),
    onSuccess: (created) => queryClient.setQueryData(reportKeys.byExam(examId), created),
    onError: (failure) => console.error('Erro ao gerar rascunho do laudo', failure),
  });

  const save = useMutation({
    mutationFn: (r: Report) => updateReportDraft(r.id, { ...parseDraft(r.draftJson), summary_text: summary }),
    onSuccess: (updated) => {
      queryClient.setQueryData(reportKeys.byExam(examId), updated);
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
      setEditing(false);
      setSaveError(null);
      toast.success('Laudo salvo com sucesso!');
    },
    onError: (failure) => {
      const message = errorMessage(failure, 'Erro ao salvar laudo');
      setSaveError(message);
      toast.error('Erro ao salvar laudo', { description: message !== 'Erro ao salvar laudo' ? message : undefined });
      // a 409 means the laudo was finalised meanwhile: reload it so the page turns read-only
      void report.refetch();
    },
  });

  // issue 20: finalising here issues (and signs) the PDF; an amendment is finalised the same way
  const finalize = useMutation({
    mutationFn: (r: Report) => finalizeReport(r.id),
    onSuccess: (finalised) => {
      queryClient.setQueryData(reportKeys.byExam(examId), finalised);
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['exams'] });
      setConfirmFinalize(false);
      setFinalizeError(null);
      toast.success(finalised.version > 1 ? `Retificação finalizada: a versão ${finalised.version} está em vigor.` : 'Laudo finalizado: o PDF foi emitido.');
    },
    onError: (failure) => {
      setConfirmFinalize(false);
      setFinalizeError(errorMessage(failure, 'Erro ao finalizar laudo'));
      // a 409 may mean the exam changed meanwhile: reload the laudo so the reorganise banner shows
      void report.refetch();
    },
  });

  const header = (
    <PageHeader
      title="Editor de Laudo"
      description={exam.data ? `${exam.data.patientName} · exame de ${formatDate(exam.data.date)}` : undefined}
      back={{ to: paths.reports.getHref(), label: 'Voltar para Laudos' }}
    />
  );

  if (report.isPending) return <LoadingState />;
  if (report.isError) {
    console.error('Erro ao carregar laudo', report.error);
    return (
      <div className="ui-page report-editor">
        {header}
        <ErrorState message={errorMessage(report.error, 'Erro ao carregar laudo')} onRetry={() => void report.refetch()} retrying={report.isFetching} />
      </div>
    );
  }

  const current = report.data;
  if (!current) {
    return (
      <div className="ui-page report-editor">
        {header}
        <Card>
          <EmptyState
            icon={IconFileText}
            title="Nenhum laudo para este exame"
            description={
              canDraft
                ? 'Gere um rascunho: as classificações vêm das regras da NR-7 e o texto é redigido a partir delas.'
                : 'O rascunho do laudo é elaborado por um médico ou fonoaudiólogo da equipe.'
            }
            action={
              canDraft && (
                <Button onClick={() => generate.mutate()} loading={generate.isPending} loadingText="Gerando rascunho..." disabled={exam.isPending}>
                  Gerar rascunho
                </Button>
              )
            }
          />
          {generate.isError && <Banner variant="error">{errorMessage(generate.error, 'Erro ao gerar rascunho')}</Banner>}
        </Card>
      </div>
    );
  }

  const draft = parseDraft(current.draftJson);
  const finalised = current.status === 'Finalizado';
  const justification = Array.isArray(draft.technical_justification) ? draft.technical_justification : [];
  const recommendations = Array.isArray(draft.recommendations) ? draft.recommendations : [];
  const score = typeof draft.confidence_score === 'number' ? Math.max(0, Math.min(1, draft.confidence_score)) : null;
  const percent = score === null ? null : Math.round(score * 100);
  const tone = score === null ? '' : score >= 0.8 ? '' : score >= 0.5 ? ' report-editor__confidence-fill--medium' : ' report-editor__confidence-fill--low';

  return (
    <div className="ui-page report-editor">
      {header}
      {finalised && (
        <Banner
          variant="info"
          title="Laudo finalizado"
          actions={<AmendLaudoButton report={current} versions={versions.data} onAmended={(draft) => queryClient.setQueryData(reportKeys.byExam(examId), draft)} />}
        >
          <p>
            Este laudo foi finalizado{current.finalizedAt ? ` em ${formatDate(current.finalizedAt)}` : ''} e está disponível somente para leitura
            {current.version > 1 ? ` (versão ${current.version})` : ''}. Para corrigi-lo, emita uma retificação.
          </p>
          <p>
            {signatureKindLabel(current.signatureKind)}
            {current.verificationCode && (
              <>
                {' · '}código de verificação <Link to={paths.verifyCode.getHref(current.verificationCode)}>{current.verificationCode}</Link>
              </>
            )}
          </p>
        </Banner>
      )}
      <AmendmentBanner report={current} onDiscarded={(back) => queryClient.setQueryData(reportKeys.byExam(examId), back)} />
      {saveError && <Banner variant="error">{saveError}</Banner>}
      {finalizeError && <Banner variant="error" title="O laudo não foi finalizado">{finalizeError}</Banner>}
      {!editing && (
        <StaleDraftBanner
          report={current}
          onRefreshed={(updated) => {
            queryClient.setQueryData(reportKeys.byExam(examId), updated);
            void queryClient.invalidateQueries({ queryKey: reportKeys.all });
            setKeptEdits(updated.keptEdits);
          }}
        />
      )}
      <KeptEditsBanner keptEdits={keptEdits} />
      <div className="report-editor__layout">
        <Card
          title="Resumo do laudo"
          description={`${reportTypeBadge(current.type)} · status ${current.status}`}
          actions={
            canDraft && !finalised && !editing ? (
              <Button
                variant="secondary"
                onClick={() => {
                  setSummary(String(draft.summary_text ?? ''));
                  setSaveError(null);
                  setEditing(true);
                }}
              >
                Editar
              </Button>
            ) : undefined
          }
        >
          {editing && canDraft && !finalised ? (
            <>
              <label className="ui-label" htmlFor="report-summary">
                Resumo
              </label>
              <Textarea id="report-summary" rows={10} value={summary} onChange={(e) => setSummary(e.target.value)} disabled={save.isPending} />
              <div className="report-editor__actions">
                <Button
                  variant="secondary"
                  disabled={save.isPending}
                  onClick={() => {
                    setSummary(String(draft.summary_text ?? ''));
                    setEditing(false);
                  }}
                >
                  Cancelar
                </Button>
                <Button onClick={() => save.mutate(current)} loading={save.isPending} loadingText="Salvando...">
                  Salvar
                </Button>
              </div>
            </>
          ) : (
            <NarrativeView text={String(draft.summary_text ?? '')} />
          )}
          <p className="draft-editor__note">
            <Link to={paths.reportDetail.getHref(current.id)}>Ver detalhes do laudo</Link>
          </p>
          {!finalised && !editing && canDraft && (
            <div className="report-editor__actions">
              {canFinalizeLaudo(user, current.type) ? (
                <Button onClick={() => { setFinalizeError(null); setConfirmFinalize(true); }} disabled={current.stale === true}>
                  {current.version > 1 ? 'Finalizar retificação' : 'Finalizar laudo'}
                </Button>
              ) : (
                <p className="draft-editor__empty">{finalizeNote(user)}</p>
              )}
            </div>
          )}
        </Card>
        <aside className="report-editor__side" aria-label="Painel técnico">
          <Card title="Justificativas técnicas">
            {justification.length ? (
              <ul>
                {justification.map((j) => (
                  <li key={j}>{j}</li>
                ))}
              </ul>
            ) : (
              <p className="draft-editor__empty">Nenhuma justificativa.</p>
            )}
          </Card>
          <Card title="Recomendações">
            {recommendations.length ? (
              <ul>
                {recommendations.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            ) : (
              <p className="draft-editor__empty">Nenhuma recomendação.</p>
            )}
          </Card>
          <Card title="Nível de confiança" description="Completude dos dados do exame (não é certeza diagnóstica).">
            {percent === null ? (
              <p className="draft-editor__empty">Não informado.</p>
            ) : (
              <>
                <div className="report-editor__confidence" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label="Nível de confiança">
                  <div className={`report-editor__confidence-fill${tone}`} style={{ width: `${percent}%` }} />
                </div>
                <p className="report-editor__confidence-value">{percent}%</p>
              </>
            )}
          </Card>
        </aside>
      </div>
      <LaudoVersionsCard reportId={current.id} />
      <ConfirmDialog
        open={confirmFinalize}
        onOpenChange={(open) => !finalize.isPending && setConfirmFinalize(open)}
        title={current.version > 1 ? `Finalizar a retificação (versão ${current.version})?` : 'Finalizar o laudo?'}
        description={
          current.version > 1
            ? `O PDF da versão ${current.version} é emitido e assinado e substitui a versão ${current.version - 1}, que continua disponível para consulta como substituída. Depois, o laudo e o exame ficam somente para leitura.`
            : 'O PDF é emitido e assinado uma única vez. Depois, o laudo e o exame ficam somente para leitura; correções só por retificação.'
        }
        confirmLabel={current.version > 1 ? 'Finalizar retificação' : 'Finalizar laudo'}
        tone="primary"
        busy={finalize.isPending}
        onConfirm={() => finalize.mutate(current)}
      />
    </div>
  );
}

/** Why a member who drafts cannot finalise this laudo (issue 18). */
function finalizeNote(user: ReturnType<typeof useAuth>['user']): string {
  return can(user, 'laudo.finalize') ? NEXO_FINALIZE_NOTE : 'A finalização do laudo é feita por um profissional com permissão para finalizar laudos.';
}
