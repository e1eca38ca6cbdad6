import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatVerificationCode, normalizeVerificationCode } from '../../../../core/src/index';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Banner } from '../../components/ui/banner';
import { Button, buttonClassName } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { IconAlertTriangle, IconCheckCircle, IconShield } from '../../components/ui/icons';
import { Input } from '../../components/ui/input';
import { LoadingState } from '../../components/ui/spinner';
import { ErrorState } from '../../components/ui/states';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { formatDateTime, formatDay } from '../../lib/dates';
import { sha256Hex, verificationKeys, verifyLaudo, type LaudoVerification } from './api/verification';
import { PublicLayout, PublicPageHeader } from './components/public-layout';
import './verify-page.css';

const TYPE_LABELS: Record<LaudoVerification['type'], string> = { simple: 'Audiometria ocupacional (simples)', 'nexo-causal': 'Audiometria com nexo causal' };
const INVALID_CODE = 'Código inválido: são 12 letras e números, como 7K3M-QX2P-9D4T.';

/**
 * /verificar and /verificar/{code} (issue 20, public, no login): anyone holding a laudo checks the
 * code printed on it — that the document exists, who signed it and when, how, its SHA-256 (and
 * whether a PDF in hand has that hash, computed in the browser), and whether a later amendment
 * superseded it. Of the worker, initials only.
 */
export default function VerifyPage() {
  useDocumentTitle('Verificar laudo');
  const { code } = useParams();
  return (
    <PublicLayout>
      <PublicPageHeader eyebrow="Verificação pública" title="Verificar laudo">
        Confira a autenticidade de um laudo audiométrico emitido pelo Limiar com o código de verificação impresso no documento.
      </PublicPageHeader>
      <div className="public-page-body">
        <div className="public-container public-container--narrow verify">
          {code ? <VerificationResult code={code} /> : null}
          <Card title={code ? 'Verificar outro código' : 'Código de verificação'}>
            <CodeForm />
          </Card>
        </div>
      </div>
    </PublicLayout>
  );
}

function CodeForm() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="verify__form"
      noValidate
      aria-label="Verificar código do laudo"
      onSubmit={(event) => {
        event.preventDefault();
        const normalised = normalizeVerificationCode(value);
        if (!normalised) {
          setProblem(value.trim() === '' ? 'Informe o código de verificação impresso no laudo.' : INVALID_CODE);
          return;
        }
        setProblem(null);
        setValue('');
        navigate(paths.verifyCode.getHref(formatVerificationCode(normalised)));
      }}
    >
      <Field label="Código de verificação" hint="Está no selo de assinatura do laudo, junto ao QR code (ex.: 7K3M-QX2P-9D4T)." error={problem ?? undefined}>
        {(control) => (
          <Input
            {...control}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            placeholder="XXXX-XXXX-XXXX"
            className="verify__code-input"
          />
        )}
      </Field>
      <div className="verify__form-actions">
        <Button type="submit">Verificar</Button>
      </div>
    </form>
  );
}

function VerificationResult({ code }: { code: string }) {
  const query = useQuery({ queryKey: verificationKeys.code(code), queryFn: ({ signal }) => verifyLaudo(code, signal), retry: false });
  if (query.isPending) return <LoadingState label="Consultando o laudo..." />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
      return (
        <Card className="verify__result verify__result--missing">
          <div role="alert">
            <h2 className="verify__title">Nenhum laudo encontrado com este código</h2>
            <p>
              O código <strong className="verify__code">{code}</strong> não corresponde a nenhum laudo emitido. Confira os 12 caracteres impressos no selo de assinatura do laudo; um
              rascunho ainda não finalizado não tem código.
            </p>
          </div>
        </Card>
      );
    }
    return (
      <Card>
        <ErrorState title="Erro ao verificar o laudo" message="Não foi possível consultar o código agora. Tente novamente." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </Card>
    );
  }
  return <VerifiedLaudo v={query.data} />;
}

function VerifiedLaudo({ v }: { v: LaudoVerification }) {
  return (
    <Card className={`verify__result${v.superseded ? ' verify__result--superseded' : ''}`}>
      <div className="verify__heading">
        {v.superseded ? <IconAlertTriangle size={28} className="verify__warn-icon" /> : <IconCheckCircle size={28} className="verify__ok-icon" />}
        <div>
          <h2 className="verify__title">Laudo autêntico</h2>
          <p className="verify__subtitle">
            Código <strong className="verify__code">{v.code}</strong> · versão {v.version} de {v.currentVersion}
          </p>
        </div>
      </div>
      {v.superseded ? (
        <Banner variant="warning" title="Versão substituída">
          Esta versão foi substituída por uma retificação em {formatDay(v.supersededAt)}; solicite a versão em vigor a quem emitiu o laudo.
        </Banner>
      ) : (
        <Banner variant="success">Esta é a versão em vigor do laudo.</Banner>
      )}
      <dl className="verify__facts">
        <div>
          <dt>Emitido por</dt>
          <dd>{v.organizationName}</dd>
        </div>
        <div>
          <dt>Tipo de laudo</dt>
          <dd>{TYPE_LABELS[v.type] ?? v.type}</dd>
        </div>
        <div>
          <dt>Data do exame</dt>
          <dd>{formatDay(v.examDate)}</dd>
        </div>
        <div>
          <dt>Trabalhador (iniciais)</dt>
          <dd>{v.patientInitials || '-'}</dd>
        </div>
        <div>
          <dt>Assinado por</dt>
          <dd>{v.signedBy ? (v.signedBy.registry ? `${v.signedBy.name} — ${v.signedBy.registry}` : v.signedBy.name) : '-'}</dd>
        </div>
        <div>
          <dt>Assinado em</dt>
          <dd>{formatDateTime(v.signedAt)}</dd>
        </div>
        <div>
          <dt>Assinatura</dt>
          <dd>{v.signatureLabel}</dd>
        </div>
        <div>
          <dt>Versão</dt>
          <dd>
            {v.version} de {v.currentVersion}
            {v.superseded ? ` (substituída em ${formatDay(v.supersededAt)})` : ' (em vigor)'}
          </dd>
        </div>
        <div className="verify__facts-wide">
          <dt>SHA-256 do documento</dt>
          <dd className="verify__hash">{v.documentSha256 ?? '-'}</dd>
        </div>
      </dl>
      {v.documentSha256 && <HashCheck expected={v.documentSha256} />}
      <p className="verify__note">
        <IconShield size={14} /> Esta página mostra apenas dados do documento; nenhum dado pessoal do trabalhador além das iniciais.
      </p>
    </Card>
  );
}

type HashOutcome = { state: 'idle' } | { state: 'busy' } | { state: 'done'; name: string; hash: string; match: boolean } | { state: 'failed'; message: string };

/** Compares the SHA-256 of a PDF the visitor picks (computed in the browser, nothing is sent) with the issued one. */
function HashCheck({ expected }: { expected: string }) {
  const id = useId();
  const [outcome, setOutcome] = useState<HashOutcome>({ state: 'idle' });
  const [picked, setPicked] = useState<string | null>(null);

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setPicked(file.name);
    setOutcome({ state: 'busy' });
    try {
      const hash = await sha256Hex(await file.arrayBuffer());
      if (hash === null) {
        setOutcome({ state: 'failed', message: 'Este navegador não permite calcular o SHA-256 nesta página. Use um navegador atualizado (conexão HTTPS).' });
        return;
      }
      setOutcome({ state: 'done', name: file.name, hash, match: hash === expected.toLowerCase() });
    } catch {
      setOutcome({ state: 'failed', message: 'Não foi possível ler o arquivo escolhido.' });
    }
  }

  return (
    <div className="verify__hash-check">
      <h3 className="verify__hash-title">Comparar com o seu arquivo</h3>
      <p className="verify__hint" id={`${id}-hint`}>
        Escolha o PDF do laudo que você recebeu: o SHA-256 é calculado no seu navegador (o arquivo não é enviado) e comparado com o do documento emitido.
      </p>
      <label className="ui-label" htmlFor={id}>
        PDF do laudo
      </label>
      {/* the browser's own picker speaks the browser's language: a pt-BR button and file name stand in for it */}
      <div className="verify__file">
        <input id={id} className="verify__file-input" type="file" accept="application/pdf,.pdf" aria-describedby={`${id}-hint`} onChange={(e) => void onPick(e)} />
        <label htmlFor={id} className="verify__file-picker" aria-hidden="true">
          <span className={buttonClassName({ variant: 'secondary', size: 'sm' })}>Escolher PDF</span>
          <span className="verify__file-name">{picked ?? 'Nenhum arquivo selecionado'}</span>
        </label>
      </div>
      <div aria-live="polite">
        {outcome.state === 'busy' && <p className="verify__hint">Calculando o SHA-256...</p>}
        {outcome.state === 'failed' && <Banner variant="error">{outcome.message}</Banner>}
        {outcome.state === 'done' &&
          (outcome.match ? (
            <Banner variant="success" title="O arquivo confere">
              O SHA-256 de {outcome.name} é igual ao do laudo emitido: é o mesmo documento, sem alterações.
            </Banner>
          ) : (
            <Banner variant="error" title="O arquivo não confere">
              <p>O SHA-256 de {outcome.name} é diferente do laudo emitido: não é o documento emitido com este código (ou foi alterado).</p>
              <p className="verify__hash">{outcome.hash}</p>
            </Banner>
          ))}
      </div>
    </div>
  );
}
