import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { Select } from '../../components/ui/select';
import { LoadingState } from '../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { toast } from '../../lib/toast';
import { useCan } from '../auth';
import { approveDeletionRequest, listDeletionRequests, privacyKeys, refuseDeletionRequest, type DeletionRequest, type DeletionRequestStatus } from './api';
import './privacy.css';

const STATUS_FILTERS: Array<{ value: DeletionRequestStatus | ''; label: string }> = [
  { value: '', label: 'Todos' },
  { value: 'recebido', label: 'Aguardando análise' },
  { value: 'aprovado', label: 'Aprovados' },
  { value: 'recusado', label: 'Recusados' },
];
const REASON_MIN = 10;
const REASON_MAX = 500;

/**
 * /privacidade (issue 20, 'privacy.manage'): the data-deletion requests from the public site whose
 * e-mail is one of the organisation's workers', and those it decided. Approving anonymises the chosen
 * worker (what is removed and what the NR-7 obliges to keep is said in the confirmation); refusing
 * needs a reason, which the requester reads on the status page.
 */
export default function PrivacyRequestsPage() {
  useDocumentTitle('Privacidade (LGPD)');
  const allowed = useCan('privacy.manage');
  const [status, setStatus] = useState<DeletionRequestStatus | ''>('recebido');
  const query = useQuery({ queryKey: privacyKeys.requests(status), queryFn: ({ signal }) => listDeletionRequests(status, signal), enabled: allowed });
  const [approving, setApproving] = useState<DeletionRequest | null>(null);
  const [refusing, setRefusing] = useState<DeletionRequest | null>(null);

  return (
    <div className="ui-page privacy">
      <PageHeader
        title="Privacidade (LGPD)"
        description="Pedidos de exclusão de dados recebidos pelo site, de titulares com o e-mail de um trabalhador desta organização."
      />
      {!allowed ? (
        <Banner variant="warning" title="Sem permissão">Somente o administrador da organização decide pedidos de exclusão de dados.</Banner>
      ) : (
        <>
          <div className="privacy__toolbar">
            <Field label="Situação">
              {(control) => (
                <Select {...control} value={status} onChange={(e) => setStatus(e.target.value as DeletionRequestStatus | '')}>
                  {STATUS_FILTERS.map((f) => <option key={f.value} value={f.value}>{f.label}</option>)}
                </Select>
              )}
            </Field>
          </div>
          {query.isPending ? (
            <LoadingState />
          ) : query.isError ? (
            <ErrorState message="Erro ao carregar os pedidos. Tente novamente." onRetry={() => void query.refetch()} retrying={query.isFetching} />
          ) : query.data.length === 0 ? (
            <Card>
              <EmptyState title="Nenhum pedido" description="Não há pedidos de exclusão nesta situação para os trabalhadores desta organização." />
            </Card>
          ) : (
            <ul className="privacy__list" aria-label="Pedidos de exclusão de dados">
              {query.data.map((r) => (
                <li key={r.id}>
                  <RequestCard request={r} onApprove={() => setApproving(r)} onRefuse={() => setRefusing(r)} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {approving && <ApproveDialog request={approving} onClose={() => setApproving(null)} />}
      {refusing && <RefuseDialog request={refusing} onClose={() => setRefusing(null)} />}
    </div>
  );
}

function RequestCard({ request: r, onApprove, onRefuse }: { request: DeletionRequest; onApprove: () => void; onRefuse: () => void }) {
  return (
    <Card>
      <div className="privacy-request__head">
        <div>
          <div className="privacy-request__email">{r.email}</div>
          <p className="privacy-request__meta">
            Recebido em {formatDate(r.createdAt)} · protocolo <code>{r.id}</code>
          </p>
        </div>
        <span className={`privacy-request__status privacy-request__status--${r.status}`}>{r.statusLabel}</span>
      </div>
      {r.status === 'recebido' ? (
        <>
          <p className="privacy-request__meta">Trabalhador(es) com este e-mail:</p>
          <ul className="privacy-request__candidates">
            {r.candidates.map((c) => (
              <li key={c.patientId}>
                <Link to={paths.patientDetail.getHref(c.patientId)}>{c.name}</Link>
                {c.cpfMasked ? ` · CPF ${c.cpfMasked}` : ''}
              </li>
            ))}
          </ul>
          <div className="privacy-request__actions">
            <Button variant="danger" size="sm" onClick={onApprove}>Aprovar e anonimizar</Button>
            <Button variant="secondary" size="sm" onClick={onRefuse}>Recusar</Button>
          </div>
        </>
      ) : (
        <p className="privacy-request__meta">
          {r.status === 'aprovado' ? 'Aprovado' : 'Recusado'} em {formatDate(r.decidedAt)}{r.decidedBy ? ` por ${r.decidedBy}` : ''}
          {r.patientName ? ` · ${r.patientName}` : ''}
          {r.reason ? <><br />{r.status === 'aprovado' ? 'Observação' : 'Motivo'}: {r.reason}</> : null}
        </p>
      )}
    </Card>
  );
}

/** Approval: which worker, an optional note for the requester, and what the anonymisation removes and keeps. */
function ApproveDialog({ request, onClose }: { request: DeletionRequest; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [patientId, setPatientId] = useState(request.candidates.length === 1 ? request.candidates[0].patientId : '');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = async () => {
    if (!patientId) return setProblem('Escolha o trabalhador a anonimizar.');
    setBusy(true);
    setProblem(null);
    try {
      await approveDeletionRequest(request.id, patientId, note);
      await queryClient.invalidateQueries({ queryKey: privacyKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['patients'] });
      toast.success('Pedido aprovado: trabalhador anonimizado.');
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, 'Não foi possível aprovar o pedido. Tente novamente.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Aprovar e anonimizar"
        description={`Pedido de ${request.email}. A anonimização não pode ser desfeita.`}
        size="lg"
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={busy}>Cancelar</Button>
            </DialogClose>
            <Button variant="danger" loading={busy} loadingText="Anonimizando..." onClick={() => void confirm()}>Anonimizar trabalhador</Button>
          </>
        }
      >
        {problem && <Banner variant="error">{problem}</Banner>}
        <fieldset className="privacy-dialog__choices">
          <legend>Trabalhador</legend>
          {request.candidates.map((c) => (
            <label key={c.patientId} className="privacy-dialog__choice">
              <input type="radio" name="candidate" value={c.patientId} checked={patientId === c.patientId} onChange={() => setPatientId(c.patientId)} />
              {c.name}{c.cpfMasked ? ` · CPF ${c.cpfMasked}` : ''}
            </label>
          ))}
        </fieldset>
        <div className="privacy-dialog__lists">
          <div>
            <h3>Removido</h3>
            <ul>
              <li>Nome (substituído por “Titular anonimizado”), CPF, data de nascimento (fica a idade), e-mail, telefone, endereço e matrícula</li>
              <li>Arquivos originais dos exames e PDFs dos laudos</li>
              <li>Nome e CPF copiados em laudos, leituras e observações</li>
            </ul>
          </div>
          <div>
            <h3>Mantido (NR-7, item 7.6.1.1: 20 anos)</h3>
            <ul>
              <li>Exames: datas, limiares, classificação e tipo</li>
              <li>Conteúdo clínico dos laudos e o hash do PDF assinado (a verificação pública continua)</li>
              <li>Empresa, setor, GHE e períodos de vínculo — as estatísticas continuam contando os exames</li>
            </ul>
          </div>
        </div>
        <Field label="Observação ao titular (opcional)" hint={`Aparece na página de acompanhamento do pedido; até ${REASON_MAX} caracteres.`}>
          {(control) => <Textarea {...control} value={note} maxLength={REASON_MAX} onChange={(e) => setNote(e.target.value)} />}
        </Field>
      </DialogContent>
    </Dialog>
  );
}

function RefuseDialog({ request, onClose }: { request: DeletionRequest; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = async () => {
    const text = reason.trim();
    if (text.length < REASON_MIN || text.length > REASON_MAX) return setProblem(`Informe o motivo da recusa (de ${REASON_MIN} a ${REASON_MAX} caracteres)`);
    setBusy(true);
    setProblem(null);
    try {
      await refuseDeletionRequest(request.id, text);
      await queryClient.invalidateQueries({ queryKey: privacyKeys.all });
      toast.success('Pedido recusado. O titular vê o motivo na página de acompanhamento.');
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, 'Não foi possível recusar o pedido. Tente novamente.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Recusar pedido"
        description={`Pedido de ${request.email}. O motivo é mostrado ao titular.`}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={busy}>Cancelar</Button>
            </DialogClose>
            <Button loading={busy} loadingText="Recusando..." onClick={() => void confirm()}>Recusar pedido</Button>
          </>
        }
      >
        <Field label="Motivo da recusa" required error={problem ?? undefined} hint={`De ${REASON_MIN} a ${REASON_MAX} caracteres.`}>
          {(control) => <Textarea {...control} value={reason} maxLength={REASON_MAX} onChange={(e) => setReason(e.target.value)} />}
        </Field>
      </DialogContent>
    </Dialog>
  );
}
