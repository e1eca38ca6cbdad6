import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EXAM_TYPE_LABELS } from '../../../../core/src/index';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { IconDownload } from '../../components/ui/icons';
import { Input } from '../../components/ui/input';
import { LoadingState } from '../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { ApiError, errorMessage } from '../../lib/api-client';
import { formatDateTime, formatDay } from '../../lib/dates';
import { toast } from '../../lib/toast';
import { useForm } from '../../lib/use-form';
import { useCan } from '../auth';
import { ASO_RESULT_LABELS, parseReceipt, RECEIPT_FORMAT_MESSAGE } from '../../../../core/src/index';
import {
  esocialKeys, generateS2220, getExamFacts, IND_RESULT_LABELS, listExamAsos, ORD_EXAME_LABELS, s2220XmlUrl, saveReceipt, STATUS_LABELS, STATUS_TONE,
  type Aso, type EventStatus,
} from './api';
import { AsoForm } from './aso-form';
import { downloadFile } from '../../lib/download';
import { cnpjText } from './format';
import './esocial.css';


export interface AsoSectionProps {
  examId: string;
  /** The worker of the exam; read from the exam when the page does not have it. */
  patientId?: string;
  /** The exam's occupational type, prefilled in a new ASO; read from the exam when not given. */
  examType?: string | null;
}

/**
 * "ASO e eSocial (S-2220)" of the exam page and the laudo page (issue 21): the ASOs covering this audiometry,
 * each with its event's status, and the actions of the event's life — generate, download (exported), the
 * receipt typed back from the employer's eSocial software, and a retification after a change.
 * Issuing and editing an ASO is the physician's ('laudo.finalize'); the S-2220 actions are an export
 * ('dashboards.export').
 */
export function AsoSection({ examId, patientId, examType }: AsoSectionProps) {
  const canIssue = useCan('laudo.finalize');
  const needsFacts = patientId === undefined || examType === undefined;
  const facts = useQuery({ queryKey: esocialKeys.exam(examId), queryFn: ({ signal }) => getExamFacts(examId, signal), enabled: needsFacts });
  const query = useQuery({ queryKey: esocialKeys.byExam(examId), queryFn: ({ signal }) => listExamAsos(examId, signal) });
  const [dialog, setDialog] = useState<{ aso: Aso | null } | null>(null);
  const worker = patientId ?? facts.data?.patientId;
  const type = examType === undefined ? facts.data?.examType : examType;
  const items = query.data?.items ?? [];

  return (
    <Card
      title="ASO e eSocial (S-2220)"
      description="O Atestado de Saúde Ocupacional desta audiometria e o evento S-2220 (Monitoramento da Saúde do Trabalhador) que o empregador envia ao eSocial."
      actions={
        canIssue &&
        worker && (
          <Button onClick={() => setDialog({ aso: null })} disabled={query.isPending || (needsFacts && facts.isPending)}>
            Emitir ASO
          </Button>
        )
      }
    >
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState message="Erro ao carregar os ASOs do exame. Tente novamente." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : items.length === 0 ? (
        <EmptyState
          title="Nenhum ASO emitido"
          description={canIssue ? 'Emita o ASO do exame para gerar o evento S-2220 do eSocial.' : 'O médico emite o ASO deste exame; o evento S-2220 é gerado a partir dele.'}
        />
      ) : (
        <ul className="aso-list" aria-label="ASOs do exame">
          {items.map((aso) => (
            <AsoItem key={aso.id} aso={aso} onEdit={() => setDialog({ aso })} />
          ))}
        </ul>
      )}
      <Dialog open={dialog !== null} onOpenChange={(open) => !open && setDialog(null)}>
        <DialogContent title={dialog?.aso ? 'Editar ASO' : 'Emitir ASO'} description="Atestado de Saúde Ocupacional (NR-7, item 7.5.19) e dados do evento S-2220." size="lg">
          {dialog && worker && (
            <AsoForm examId={examId} patientId={worker} examType={type} aso={dialog.aso} onDone={() => setDialog(null)} onCancel={() => setDialog(null)} />
          )}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

/** The status badge of an S-2220 event. */
export function EventStatusBadge({ status, label }: { status: EventStatus; label?: string }) {
  return <span className={`esocial-badge esocial-badge--${STATUS_TONE[status]}`}>{label ?? STATUS_LABELS[status]}</span>;
}

function AsoItem({ aso, onEdit }: { aso: Aso; onEdit: () => void }) {
  const queryClient = useQueryClient();
  const canIssue = useCan('laudo.finalize');
  const canExport = useCan('dashboards.export');
  const [busy, setBusy] = useState<'generate' | 'download' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [receiptOpen, setReceiptOpen] = useState(false);
  const { event, audiometry } = aso;
  const title = `ASO de ${formatDay(aso.asoDate)} — ${(EXAM_TYPE_LABELS as Record<string, string>)[aso.examType] ?? aso.examType}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: esocialKeys.all });
  const needsGeneration = event.status === 'pendente' || event.status === 'retificacao_pendente';

  async function generate() {
    setProblem(null);
    setBusy('generate');
    try {
      await generateS2220(aso.id);
      await refresh();
      toast.success(event.status === 'retificacao_pendente' ? 'S-2220 de retificação gerado.' : 'S-2220 gerado e validado pelo leiaute do eSocial.');
    } catch (error) {
      setProblem(errorMessage(error, 'Não foi possível gerar o S-2220. Tente novamente.'));
    } finally {
      setBusy(null);
    }
  }

  async function download() {
    setProblem(null);
    setBusy('download');
    try {
      await downloadFile(s2220XmlUrl(aso.id), `S-2220-${event.eventId ?? aso.id}.xml`);
      await refresh();
      toast.success('XML do S-2220 baixado: importe-o no software do eSocial do empregador.');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Não foi possível baixar o XML. Tente novamente.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <li className="aso-item" aria-label={title}>
      <div className="aso-item__head">
        <h3 className="aso-item__title">{title}</h3>
        <EventStatusBadge status={event.status} label={event.statusLabel || undefined} />
      </div>
      <dl className="aso-item__facts">
        <Fact label="Resultado" value={aso.result ? ASO_RESULT_LABELS[aso.result] : 'Não informado'} />
        <Fact label="Empresa" value={`${aso.companyName} — CNPJ ${cnpjText(aso.companyCnpj)}`} />
        <Fact label="Matrícula" value={aso.registration ?? 'Não informada'} />
        <Fact label="Médico emitente" value={`${aso.physician.name} — CRM ${aso.physician.crm}/${aso.physician.uf}`} />
        <Fact label="Coordenador do PCMSO" value={aso.coordinator ? `${aso.coordinator.name} — CRM ${aso.coordinator.crm}/${aso.coordinator.uf}` : 'Não informado'} />
        <Fact
          label="Outros procedimentos"
          value={aso.otherProcedures.length === 0 ? 'Nenhum' : aso.otherProcedures.map((p) => `${p.code}${p.description ? ` (${p.description})` : ''} em ${formatDay(p.date)}`).join('; ')}
        />
      </dl>
      <section className="aso-item__audiometry" aria-label="Audiometria no S-2220">
        <h4 className="aso-item__subtitle">Audiometria no S-2220 (procedimento 0281)</h4>
        {audiometry ? (
          <>
            <dl className="aso-item__facts">
              <Fact label="ordExame" value={`${audiometry.ordExame} — ${ORD_EXAME_LABELS[audiometry.ordExame] ?? ''}`} />
              <Fact
                label="indResult"
                value={audiometry.indResult === null ? 'Não determinado (fica fora do evento)' : `${audiometry.indResult} — ${audiometry.indResultLabel ?? IND_RESULT_LABELS[audiometry.indResult] ?? ''}`}
              />
            </dl>
            {audiometry.reasons.length > 0 && (
              <ul className="aso-item__reasons" aria-label="Motivos do resultado">
                {audiometry.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <p className="aso-item__note">O exame não tem limiares registrados: o S-2220 não pode ser gerado.</p>
        )}
      </section>
      <dl className="aso-item__facts aso-item__event">
        <Fact label="Evento" value={event.eventId ?? 'Não gerado'} mono={event.eventId !== null} />
        {event.generatedAt && <Fact label="Gerado em" value={formatDateTime(event.generatedAt)} />}
        {event.exportedAt && <Fact label="Exportado em" value={formatDateTime(event.exportedAt)} />}
        <Fact label="Recibo (nrRecibo)" value={event.receipt ?? 'Não informado'} mono={event.receipt !== null} />
        {event.indRetif === 2 && <Fact label="Tipo" value="Retificação (indRetif 2)" />}
      </dl>
      {event.status === 'exportado' && !event.editable && canIssue && (
        <p className="aso-item__note">Para alterar este ASO, informe antes o recibo do eSocial: a alteração será enviada como retificação do evento original.</p>
      )}
      {event.status === 'retificacao_pendente' && (
        <Banner variant="warning">O ASO mudou depois da exportação: gere e envie o S-2220 de retificação, com o recibo do envio original.</Banner>
      )}
      {problem && <Banner variant="error">{problem}</Banner>}
      {(canExport || canIssue) && (
        <div className="aso-item__actions">
          {canExport && needsGeneration && audiometry && (
            <Button size="sm" onClick={() => void generate()} loading={busy === 'generate'} disabled={busy !== null}>
              Gerar S-2220
            </Button>
          )}
          {canExport && event.eventId !== null && !needsGeneration && (
            <Button size="sm" variant={event.status === 'gerado' ? 'primary' : 'secondary'} onClick={() => void download()} loading={busy === 'download'} disabled={busy !== null}>
              <IconDownload size={16} />
              Baixar XML
            </Button>
          )}
          {canExport && (event.status === 'exportado' || event.status === 'recebido') && (
            <Button size="sm" variant={event.status === 'exportado' ? 'primary' : 'secondary'} onClick={() => setReceiptOpen(true)} disabled={busy !== null}>
              {event.status === 'recebido' ? 'Corrigir recibo' : 'Informar recibo'}
            </Button>
          )}
          {canIssue && event.editable && (
            <Button size="sm" variant="ghost" onClick={onEdit} disabled={busy !== null}>
              {event.status === 'recebido' || event.status === 'exportado' ? 'Alterar ASO (retificação)' : 'Editar ASO'}
            </Button>
          )}
        </div>
      )}
      <Dialog open={receiptOpen} onOpenChange={setReceiptOpen}>
        <DialogContent title="Informar recibo do eSocial" description={`O número do recibo (nrRecibo) que o eSocial devolveu ao receber o evento ${event.eventId ?? ''}.`} size="sm">
          {receiptOpen && <ReceiptForm aso={aso} onDone={() => setReceiptOpen(false)} />}
        </DialogContent>
      </Dialog>
    </li>
  );
}

function Fact({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={mono ? 'aso-item__mono' : undefined}>{value}</dd>
    </div>
  );
}

/** The receipt number typed back from the employer's eSocial software (TS_nrRecibo: 1.X. and 19 digits). */
function ReceiptForm({ aso, onDone }: { aso: Aso; onDone: () => void }) {
  const queryClient = useQueryClient();
  // a retification exported: the receipt to type is the new event's, not the original's kept until then
  const form = useForm<{ receipt: string }, 'receipt'>(() => ({ receipt: aso.event.status === 'recebido' ? (aso.event.receipt ?? '') : '' }), {
    failureMessage: 'Não foi possível salvar o recibo. Tente novamente.',
    focusInvalid: true,
    validate: ({ receipt }) => {
      const value = receipt.trim();
      if (!value) return { message: 'Informe o número do recibo.', fields: ['receipt'], fieldMessages: { receipt: 'Informe o número do recibo.' } };
      if (!parseReceipt(value)) return { message: RECEIPT_FORMAT_MESSAGE, fields: ['receipt'], fieldMessages: { receipt: RECEIPT_FORMAT_MESSAGE } };
      return null;
    },
    fieldMessagesOf: (error) => (error instanceof ApiError && error.status === 400 ? { receipt: error.issues[0]?.message ?? error.message } : {}),
    submit: async ({ receipt }) => {
      await saveReceipt(aso.id, parseReceipt(receipt) ?? receipt.trim());
      await queryClient.invalidateQueries({ queryKey: esocialKeys.all });
      toast.success('Recibo registrado: evento recebido pelo eSocial.');
      onDone();
    },
  });
  const fieldError = form.fieldMessage('receipt');
  return (
    <form onSubmit={form.onSubmit} className="aso-receipt" aria-label="Recibo do eSocial" noValidate>
      {form.problem && !fieldError && <Banner variant="error">{form.problem.message}</Banner>}
      <Field label="Número do recibo (nrRecibo)" required hint="23 caracteres, como no recibo de entrega: 1.D.DDDDDDDDDDDDDDDDDDD" error={fieldError}>
        {(p) => <Input {...p} {...form.text('receipt')} inputMode="decimal" autoComplete="off" maxLength={30} />}
      </Field>
      <div className="aso-form__actions">
        <Button variant="secondary" onClick={onDone} disabled={form.busy}>
          Cancelar
        </Button>
        <Button type="submit" loading={form.busy} loadingText="Salvando...">
          Salvar recibo
        </Button>
      </div>
    </form>
  );
}
