import { useCallback, useEffect, useRef, useState } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { IconCpu, IconRefresh } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { CONFIDENCE_LABEL, fetchExam, hasAirThresholds, shortSourceLabel, sourceLabel, type AmbienteInfo, type Exam } from '../api';
import './upload.css';

/** Spec §9: poll every 5 s, at most 24 times (about 2 minutes). */
export const POLL_INTERVAL_MS = 5000;
export const POLL_MAX_ATTEMPTS = 24;

export type AiStatus = 'checking' | 'waiting' | 'review' | 'extracted' | 'failed' | 'timeout' | 'error';

export interface AiStatusPanelProps {
  examId: string;
  /** Change it (e.g. a counter) to restart the check after a new upload. */
  refreshKey?: number | string;
  /** Every exam read by the panel (initial check and each poll). */
  onData?: (exam: Exam) => void;
  /** Every state change (the wizard can gate 'Próximo' on it). */
  onStatusChange?: (status: AiStatus) => void;
}

function statusOf(exam: Exam, ambiente: AmbienteInfo | null): 'review' | 'extracted' | 'failed' | 'waiting' {
  if (ambiente?.reviewPending) return 'review';
  if (hasAirThresholds(exam)) return 'extracted';
  if (ambiente?.analysisFailed) return 'failed';
  return 'waiting';
}

/**
 * Spec §4 "AI extraction status": the initial check of the exam decides data extracted (air
 * thresholds present, polling stops) or failed (analysis flag); otherwise it waits, reading the
 * exam every 5 s up to 24 times, then shows 'Análise não concluída'. A reading held for review
 * (issue 14) stops the polling and points to the review below. It says which reader was
 * used and its confidence, and warns when the confidence is low (product.md decision 6).
 */
export function AiStatusPanel({ examId, refreshKey, onData, onStatusChange }: AiStatusPanelProps) {
  const [status, setStatus] = useState<AiStatus>('checking');
  const [attempt, setAttempt] = useState(0);
  const [ambiente, setAmbiente] = useState<AmbienteInfo | null>(null);
  const [run, setRun] = useState(0);
  const onDataRef = useRef(onData);
  const onStatusRef = useRef(onStatusChange);
  onDataRef.current = onData;
  onStatusRef.current = onStatusChange;

  const update = useCallback((next: AiStatus) => {
    setStatus(next);
    onStatusRef.current?.(next);
  }, []);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    update('checking');
    setAttempt(0);

    async function check(n: number) {
      try {
        const exam = await fetchExam(examId, controller.signal);
        if (cancelled) return;
        const info = exam.ambienteJson;
        setAmbiente(info);
        onDataRef.current?.(exam);
        const s = statusOf(exam, info);
        if (s !== 'waiting') {
          update(s);
          // the local model's second opinion is still to come (issue 17): keep reading the exam quietly
          if (info?.secondOpinion?.status === 'pending' && n < POLL_MAX_ATTEMPTS) timer = setTimeout(() => void check(n + 1), POLL_INTERVAL_MS);
          return;
        }
        if (n >= POLL_MAX_ATTEMPTS) return update('timeout');
        update('waiting');
        setAttempt(n + 1);
        timer = setTimeout(() => void check(n + 1), POLL_INTERVAL_MS);
      } catch {
        if (!cancelled) update('error');
      }
    }
    void check(0);
    return () => {
      cancelled = true;
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [examId, refreshKey, run, update]);

  const retry = (
    <Button variant="secondary" size="sm" onClick={() => setRun((r) => r + 1)}>
      <IconRefresh size={16} />
      Verificar novamente
    </Button>
  );

  return (
    <section className="ai-status" aria-labelledby={`ai-status-${examId}`} data-status={status}>
      <h3 id={`ai-status-${examId}`} className="ai-status__title">
        <IconCpu size={18} />
        Análise automática do audiograma
      </h3>
      {status === 'checking' && <Spinner label="Verificando dados do exame..." />}
      {status === 'waiting' && (
        <div className="ai-status__waiting">
          <Spinner label={`Aguardando a leitura automática... (verificação ${attempt} de ${POLL_MAX_ATTEMPTS})`} />
          <p className="ai-status__hint">O arquivo está sendo lido pelo modelo local. Verificamos a cada 5 segundos.</p>
        </div>
      )}
      {status === 'timeout' && (
        <Banner variant="warning" title="Análise não concluída" actions={retry}>
          A leitura automática não terminou em 2 minutos. Verifique novamente mais tarde ou preencha os dados manualmente.
        </Banner>
      )}
      {status === 'error' && (
        <Banner variant="error" title="Erro ao buscar dados do exame" actions={retry}>
          Não foi possível consultar o exame agora.
        </Banner>
      )}
      {status === 'failed' && (
        <Banner variant="error" title="A análise automática falhou. Por favor, preencha os dados manualmente">
          {ambiente?.extractedFrom ? `Arquivo: ${ambiente.extractedFrom}. ` : ''}
          Digite os limiares na grade abaixo a partir do arquivo enviado.
        </Banner>
      )}
      {status === 'review' && (
        <Banner variant="warning" title="Leitura aguardando sua revisão">
          {ambiente?.reviewPending?.fileName ? `Arquivo: ${ambiente.reviewPending.fileName}. ` : ''}
          Os limiares lidos ainda não entraram no exame: confira a leitura abaixo e aplique-a ou descarte-a.
        </Banner>
      )}
      {status === 'extracted' && (
        <Banner variant="success" title="Dados extraídos">
          {ambiente?.extractedFrom ? `Limiares do audiograma disponíveis (arquivo: ${ambiente.extractedFrom}).` : 'Limiares do audiograma disponíveis.'}
        </Banner>
      )}
      {ambiente && (status === 'extracted' || status === 'failed') && <ReadingFacts ambiente={ambiente} status={status} />}
      {ambiente?.secondOpinion && (status === 'extracted' || status === 'review') && <SecondOpinionLine opinion={ambiente.secondOpinion} />}
    </section>
  );
}

function ReadingFacts({ ambiente, status }: { ambiente: AmbienteInfo; status: AiStatus }) {
  // After a failed reading the thresholds on file were typed by the professional.
  const manual = status === 'extracted' && ambiente.analysisFailed;
  const source = manual ? 'Preenchimento manual' : sourceLabel(ambiente.source ?? null);
  return (
    <>
      <dl className="ai-status__facts">
        {!manual && <div>
          <dt>Confiança</dt>
          <dd>
            <span className={`confidence-badge confidence-badge--${ambiente.confidence}`} data-confidence={ambiente.confidence}>
              {CONFIDENCE_LABEL[ambiente.confidence]}
            </span>
          </dd>
        </div>}
        {source && (
          <div>
            <dt>Origem</dt>
            <dd>{source}</dd>
          </div>
        )}
      </dl>
      {status === 'extracted' && ambiente.confidence === 'low' && (
        <Banner variant="warning" title="Confiança baixa na leitura">
          Recomendamos revisar manualmente os limiares destacados antes de gerar o laudo.
        </Banner>
      )}
      {ambiente.observations.length > 0 && (
        <details className="ai-status__observations">
          <summary>Observações da leitura ({ambiente.observations.length})</summary>
          <ul>
            {ambiente.observations.map((o, i) => (
              <li key={i}>{o}</li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

/** What the local model said of a picture the chart reader read (issue 17 item 4). */
function SecondOpinionLine({ opinion }: { opinion: NonNullable<AmbienteInfo['secondOpinion']> }) {
  const who = shortSourceLabel(opinion.source ?? null) ?? 'modelo local';
  const text = {
    pending: 'Segunda opinião do modelo local em andamento; a leitura do gráfico já está disponível.',
    agreed: `Segunda opinião (${who}): concorda com a leitura (diferença de até 5 dB).`,
    disagreed: `Segunda opinião (${who}): ${opinion.disagreements.length} ponto(s) divergem em mais de 5 dB — confira os pontos marcados.`,
    failed: `Segunda opinião (${who}) indisponível; mantida a leitura do gráfico.`,
  }[opinion.status];
  return (
    <p className={`ai-status__second ai-status__second--${opinion.status}`} data-testid="second-opinion" data-status={opinion.status}>
      {text}
    </p>
  );
}
