import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AMENDMENT_REASON_MESSAGE } from '../../../../core/src/index';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { IconDownload } from '../../components/ui/icons';
import { Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { attributionText } from '../../lib/attribution';
import { formatDateTime, formatDay } from '../../lib/dates';
import { toast } from '../../lib/toast';
import { canFinalizeLaudo, useAuth, useCan } from '../auth';
import {
  AMENDMENT_REASON_MAX,
  AMENDMENT_REASON_MIN,
  amendReport,
  discardAmendment,
  getReportVersions,
  openReportPdf,
  reportKeys,
  SIGNATURE_KIND_LABELS,
  type Report,
  type ReportVersion,
} from './api';

/**
 * Laudo versions (issue 20): a finalised laudo is corrected by an amendment — version n + 1 with a
 * reason, re-signed when finalised, which supersedes version n; every version keeps its own PDF and
 * public verification code. These pieces show the history, open and discard an amendment, and warn
 * on a superseded version; the laudo page and the report editor use them.
 */

/** Every version of the laudo `reportId` belongs to, oldest first. */
export function useReportVersions(reportId: string | null | undefined) {
  return useQuery({
    queryKey: reportKeys.versions(reportId ?? ''),
    queryFn: ({ signal }) => getReportVersions(reportId!, signal),
    enabled: Boolean(reportId),
  });
}

/** The version in force: the latest finalised one not superseded (an open amendment is not yet in force). */
export function versionInForce(versions: readonly ReportVersion[] | undefined): ReportVersion | undefined {
  return [...(versions ?? [])].reverse().find((v) => v.status === 'Finalizado' && !v.supersededAt);
}

export const signatureKindLabel = (kind: Report['signatureKind']) => (kind ? SIGNATURE_KIND_LABELS[kind] : 'Sem assinatura registrada');

/** "Versões do laudo": each version with its state, signer, signature, code, reason and PDF. */
export function LaudoVersionsCard({ reportId }: { reportId: string }) {
  const query = useReportVersions(reportId);
  const inForce = versionInForce(query.data);
  const versions = [...(query.data ?? [])].reverse();
  return (
    <Card title="Versões do laudo" description="Cada retificação é uma nova versão, assinada novamente; as versões anteriores continuam disponíveis para consulta.">
      {query.isPending ? (
        <Spinner label="Carregando versões..." />
      ) : query.isError ? (
        <Banner variant="error" actions={<Button variant="secondary" size="sm" onClick={() => void query.refetch()}>Tentar novamente</Button>}>
          {errorMessage(query.error, 'Erro ao carregar as versões do laudo.')}
        </Banner>
      ) : versions.length === 0 ? (
        <p className="laudo-versions__empty">Nenhuma versão registrada.</p>
      ) : (
        <ol className="laudo-versions" aria-label="Versões do laudo">
          {versions.map((v) => (
            <VersionItem key={v.id} v={v} viewing={v.id === reportId} inForce={v.id === inForce?.id} />
          ))}
        </ol>
      )}
    </Card>
  );
}

function VersionItem({ v, viewing, inForce }: { v: ReportVersion; viewing: boolean; inForce: boolean }) {
  const draft = v.status === 'Draft';
  return (
    <li className={`laudo-versions__item${inForce ? ' laudo-versions__item--in-force' : ''}`} aria-current={viewing ? 'page' : undefined}>
      <div className="laudo-versions__head">
        <h3 className="laudo-versions__title">Versão {v.version}</h3>
        {inForce && <span className="laudo-versions__badge laudo-versions__badge--in-force">em vigor</span>}
        {draft && <span className="laudo-versions__badge laudo-versions__badge--draft">{v.version > 1 ? 'retificação em andamento' : 'rascunho'}</span>}
        {v.supersededAt && <span className="laudo-versions__badge laudo-versions__badge--superseded">substituída</span>}
        <span className="laudo-versions__where">{viewing ? '(esta página)' : <Link to={paths.reportDetail.getHref(v.id)}>Ver versão {v.version}</Link>}</span>
      </div>
      <dl className="laudo-versions__facts">
        <div>
          <dt>Situação</dt>
          <dd>{draft ? 'Rascunho (não assinado)' : v.finalizedBy ? `Finalizada por ${attributionText(v.finalizedBy)}` : `Finalizada em ${formatDateTime(v.finalizedAt)}`}</dd>
        </div>
        {!draft && (
          <div>
            <dt>Assinatura</dt>
            <dd>{signatureKindLabel(v.signatureKind)}</dd>
          </div>
        )}
        {v.verificationCode && (
          <div>
            <dt>Código de verificação</dt>
            <dd>
              <Link className="laudo-versions__code" to={paths.verifyCode.getHref(v.verificationCode)}>
                {v.verificationCode}
              </Link>
            </dd>
          </div>
        )}
        {v.amendmentReason && (
          <div className="laudo-versions__wide">
            <dt>Motivo da retificação</dt>
            <dd>{v.amendmentReason}</dd>
          </div>
        )}
        {v.supersededAt && (
          <div>
            <dt>Substituída em</dt>
            <dd>{formatDateTime(v.supersededAt)}</dd>
          </div>
        )}
      </dl>
      {v.pdfUrl && (
        <div className="laudo-versions__actions">
          <Button variant="secondary" size="sm" onClick={() => void openReportPdf(v)} aria-label={`Abrir PDF da versão ${v.version}`}>
            <IconDownload size={14} />
            Abrir PDF
          </Button>
        </div>
      )}
    </li>
  );
}

/** On a superseded version: which version replaced it and when, with a link to the one in force. */
export function SupersededBanner({ report, versions }: { report: Pick<Report, 'id' | 'version' | 'supersededAt'>; versions: readonly ReportVersion[] | undefined }) {
  if (!report.supersededAt) return null;
  const successor = versions?.find((v) => v.version === report.version + 1);
  const target = versionInForce(versions) ?? successor;
  return (
    <Banner
      variant="warning"
      title="Versão substituída"
      actions={target && target.id !== report.id ? <Link to={paths.reportDetail.getHref(target.id)}>Ver a versão em vigor (versão {target.version})</Link> : undefined}
    >
      Esta versão foi substituída pela versão {successor?.version ?? report.version + 1} em {formatDay(report.supersededAt)}. Ela continua disponível para consulta, mas não é
      mais a versão em vigor.
    </Banner>
  );
}

/** On an open amendment (a draft of version > 1): its reason, and "Descartar retificação". */
export function AmendmentBanner({ report, onDiscarded }: { report: Pick<Report, 'id' | 'status' | 'version' | 'amendmentReason'>; onDiscarded: (back: Report) => void }) {
  const canDraft = useCan('laudo.draft');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const discard = useMutation({
    mutationFn: () => discardAmendment(report.id),
    onSuccess: (back) => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['exams'] });
      toast.success(`Retificação descartada: a versão ${back.version} voltou a ser a versão em vigor.`);
      onDiscarded(back);
    },
  });
  if (report.status !== 'Draft' || report.version <= 1) return null;
  return (
    <>
      <Banner
        variant="info"
        title={`Retificação em andamento (versão ${report.version}) — motivo: ${report.amendmentReason ?? '-'}`}
        actions={
          canDraft && (
            <Button variant="secondary" size="sm" onClick={() => { discard.reset(); setConfirming(true); }}>
              Descartar retificação
            </Button>
          )
        }
      >
        Enquanto a retificação estiver aberta, o exame pode ser corrigido. Ao finalizá-la, a versão {report.version} é assinada e substitui a versão {report.version - 1}, que
        continua disponível para consulta.
      </Banner>
      <Dialog open={confirming} onOpenChange={(open) => !discard.isPending && setConfirming(open)}>
        <DialogContent
          title="Descartar retificação?"
          description={`O rascunho da versão ${report.version} é excluído e a versão ${report.version - 1} volta a ser a versão em vigor, sem alterações.`}
          size="sm"
          footer={
            <>
              <DialogClose asChild>
                <Button variant="secondary" disabled={discard.isPending}>
                  Cancelar
                </Button>
              </DialogClose>
              <Button variant="danger" loading={discard.isPending} loadingText="Descartando..." onClick={() => discard.mutate()}>
                Descartar retificação
              </Button>
            </>
          }
        >
          {discard.isError && <Banner variant="error">{errorMessage(discard.error, 'Erro ao descartar a retificação. Tente novamente.')}</Banner>}
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * "Retificar laudo" on the version in force (laudo.finalize; a nexo-causal laudo, a médico): asks the
 * reason and opens the amendment; `onAmended` receives the new draft version.
 */
export function AmendLaudoButton({
  report,
  versions,
  onAmended,
}: {
  report: Pick<Report, 'id' | 'type' | 'status' | 'version' | 'supersededAt'>;
  versions: readonly ReportVersion[] | undefined;
  onAmended: (draft: Report) => void;
}) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const newer = versions?.some((v) => v.version > report.version) ?? false;
  if (report.status !== 'Finalizado' || report.supersededAt || newer || !canFinalizeLaudo(user, report.type)) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Retificar laudo
      </Button>
      <AmendDialog report={report} open={open} onOpenChange={setOpen} onAmended={onAmended} />
    </>
  );
}

/** The reason (10–500 characters) and what an amendment does. */
export function AmendDialog({
  report,
  open,
  onOpenChange,
  onAmended,
}: {
  report: Pick<Report, 'id' | 'version'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAmended: (draft: Report) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const amend = useMutation({
    mutationFn: (text: string) => amendReport(report.id, text),
    onSuccess: (draft) => {
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['exams'] });
      toast.success(`Retificação aberta: versão ${draft.version} em rascunho.`);
      setReason('');
      onOpenChange(false);
      onAmended(draft);
    },
  });
  const length = reason.trim().length;
  const invalid = problem !== null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (amend.isPending) return;
    if (length < AMENDMENT_REASON_MIN || length > AMENDMENT_REASON_MAX) {
      setProblem(AMENDMENT_REASON_MESSAGE);
      return;
    }
    setProblem(null);
    amend.mutate(reason.trim());
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (amend.isPending) return;
        if (!next) {
          setProblem(null);
          amend.reset();
        }
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Retificar laudo"
        description={`A retificação cria a versão ${report.version + 1} deste laudo, em rascunho.`}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={amend.isPending}>
                Cancelar
              </Button>
            </DialogClose>
            <Button type="submit" form={`${id}-form`} loading={amend.isPending} loadingText="Abrindo retificação...">
              Abrir retificação
            </Button>
          </>
        }
      >
        <form id={`${id}-form`} className="amend-dialog" onSubmit={submit} noValidate aria-label="Abrir retificação do laudo">
          <ul className="amend-dialog__steps">
            <li>Enquanto a retificação estiver aberta, o exame pode ser corrigido (limiares, datas, arquivos).</li>
            <li>Ao finalizar, a versão {report.version + 1} é assinada novamente e passa a ser a versão em vigor.</li>
            <li>
              A versão {report.version} continua disponível para consulta, marcada como substituída — inclusive na verificação pública pelo código impresso no
              PDF.
            </li>
          </ul>
          {amend.isError && <Banner variant="error">{errorMessage(amend.error, 'Erro ao abrir a retificação. Tente novamente.')}</Banner>}
          <div className="ui-field">
            <Label htmlFor={`${id}-reason`} required>
              Motivo da retificação
            </Label>
            <Textarea
              id={`${id}-reason`}
              rows={4}
              value={reason}
              maxLength={AMENDMENT_REASON_MAX}
              onChange={(e) => {
                setReason(e.target.value);
                if (problem) setProblem(null);
              }}
              aria-invalid={invalid || undefined}
              aria-describedby={`${id}-count${invalid ? ` ${id}-error` : ''}`}
              required
              disabled={amend.isPending}
            />
            <p id={`${id}-count`} className="ui-field__hint">
              {length}/{AMENDMENT_REASON_MAX} caracteres (mínimo {AMENDMENT_REASON_MIN}). O motivo é impresso na nova versão do laudo.
            </p>
            {problem && (
              <p id={`${id}-error`} className="ui-field__error" role="alert">
                {problem}
              </p>
            )}
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
