import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { CERTIFICATE_MAX_BYTES, certificateDateBr } from '../../../../../core/src/index';
import { Banner } from '../../../components/ui/banner';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { certificateKeys, deleteCertificate, uploadCertificate, useCertificate, type SigningCertificate } from '../api/certificate';

const NO_FILE = 'Selecione o arquivo do certificado (.pfx ou .p12).';
const NO_PASSWORD = 'Informe a senha do certificado.';
const TOO_LARGE = 'O arquivo é muito grande para um certificado A1. Tamanho máximo: 100 kB.';
const WRONG_TYPE = 'Selecione um arquivo .pfx ou .p12 (certificado A1).';

const date = (iso: string) => certificateDateBr(new Date(iso));
const cpfText = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
const TONE: Record<SigningCertificate['status'], string> = { valido: 'success', vencido: 'danger', ainda_nao_valido: 'warning' };

function CertificateDetails({ c }: { c: SigningCertificate }) {
  return (
    <dl className="certificate-details" aria-label="Certificado digital cadastrado">
      <div><dt>Titular</dt><dd>{c.subjectName}</dd></div>
      <div><dt>Emissor</dt><dd>{c.issuerName}</dd></div>
      <div><dt>CPF</dt><dd>{c.cpf ? cpfText(c.cpf) : 'Não consta no certificado'}</dd></div>
      <div><dt>CRM</dt><dd>{c.crm ?? 'Não consta no certificado'}</dd></div>
      <div><dt>Validade</dt><dd>{`${date(c.notBefore)} a ${date(c.notAfter)}`}</dd></div>
      <div>
        <dt>Situação</dt>
        <dd><span className={`certificate-badge certificate-badge--${TONE[c.status]}`}>{c.statusLabel}</span></dd>
      </div>
      <div><dt>Enviado em</dt><dd>{date(c.uploadedAt)}</dd></div>
    </dl>
  );
}

/**
 * Configurações › Segurança (issue 20): the member's ICP-Brasil A1 certificate, which signs (PAdES) the
 * laudos they finalise. The file and its password go to the server once and are never shown again.
 */
export function SigningCertificateCard() {
  const queryClient = useQueryClient();
  const query = useCertificate();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<{ message: string; field?: 'file' | 'password' } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const certificate = query.data?.certificate ?? null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setDone(null);
    if (!file) return setProblem({ message: NO_FILE, field: 'file' });
    if (!/\.(pfx|p12)$/i.test(file.name)) return setProblem({ message: WRONG_TYPE, field: 'file' });
    if (file.size > CERTIFICATE_MAX_BYTES) return setProblem({ message: TOO_LARGE, field: 'file' });
    if (password === '') return setProblem({ message: NO_PASSWORD, field: 'password' });
    setProblem(null);
    setBusy(true);
    try {
      const saved = await uploadCertificate(file, password);
      queryClient.setQueryData(certificateKeys.current, saved);
      setPassword('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      setDone('Certificado enviado. Os próximos laudos que você finalizar serão assinados com ele.');
    } catch (error) {
      setPassword('');
      setProblem({ message: errorMessage(error, 'Erro ao enviar o certificado. Tente novamente.') });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    setDone(null);
    try {
      await deleteCertificate();
      queryClient.setQueryData(certificateKeys.current, { certificate: null });
      setConfirming(false);
      setProblem(null);
      setDone('Certificado removido. Os próximos laudos levarão assinatura eletrônica simples.');
    } catch (error) {
      setConfirming(false);
      setProblem({ message: errorMessage(error, 'Erro ao remover o certificado. Tente novamente.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card
      title="Certificado digital (ICP-Brasil A1)"
      description="Os laudos que você finalizar são assinados digitalmente (PAdES) com este certificado. O arquivo e a senha ficam guardados cifrados e nunca são exibidos."
    >
      <div className="settings-form">
        {done && <Banner variant="success">{done}</Banner>}
        {problem && !problem.field && <Banner variant="error">{problem.message}</Banner>}
        {query.isPending && <p className="settings-form__note" role="status">Carregando certificado...</p>}
        {query.isError && <Banner variant="error">Não foi possível carregar o certificado digital. Recarregue a página.</Banner>}
        {query.isSuccess && (certificate ? (
          <>
            <CertificateDetails c={certificate} />
            {certificate.status !== 'valido' && (
              <Banner variant="warning">
                {certificate.status === 'vencido'
                  ? `Este certificado venceu em ${date(certificate.notAfter)}: envie um certificado válido para assinar laudos.`
                  : `Este certificado só é válido a partir de ${date(certificate.notBefore)}.`}
              </Banner>
            )}
            <div>
              <Button variant="danger" size="sm" disabled={busy} onClick={() => setConfirming(true)}>
                Remover certificado
              </Button>
            </div>
          </>
        ) : (
          <p className="settings-form__note">
            Nenhum certificado cadastrado. Sem certificado, os laudos finalizados levam assinatura eletrônica simples (nome, registro, data e hora).
          </p>
        ))}
        <form className="settings-form settings-form--narrow" onSubmit={(e) => void submit(e)} noValidate aria-label="Enviar certificado digital">
          <Field label={certificate ? 'Novo arquivo do certificado (.pfx ou .p12)' : 'Arquivo do certificado (.pfx ou .p12)'} required
            hint="Certificado A1 com a chave privada, até 100 kB." error={problem?.field === 'file' ? problem.message : undefined}>
            {(control) => (
              // the browser's own picker speaks the browser's language: a pt-BR button and file name stand in for it
              <div className="certificate-file">
                <input {...control} ref={fileInput} className="certificate-file__input" type="file" name="pfx" accept=".pfx,.p12,application/x-pkcs12" disabled={busy}
                  onChange={(e) => { setFile(e.target.files?.[0] ?? null); setProblem(null); }} />
                <label htmlFor={control.id} className="certificate-file__picker" aria-hidden="true">
                  <span className={buttonClassName({ variant: 'secondary', size: 'sm' })}>Escolher arquivo</span>
                  <span className="certificate-file__name">{file?.name ?? 'Nenhum arquivo selecionado'}</span>
                </label>
              </div>
            )}
          </Field>
          <Field label="Senha do certificado" required error={problem?.field === 'password' ? problem.message : undefined}>
            {(control) => (
              <Input {...control} type="password" name="certificatePassword" autoComplete="off" value={password} disabled={busy}
                onChange={(e) => setPassword(e.target.value)} />
            )}
          </Field>
          <div className="settings-form__footer settings-form__footer--end">
            <Button type="submit" loading={busy && !confirming} loadingText="Enviando...">
              Enviar certificado
            </Button>
          </div>
        </form>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !open && !busy && setConfirming(false)}
        title="Remover certificado digital"
        description="Remover o certificado? Os laudos já assinados continuam válidos; os próximos que você finalizar levarão assinatura eletrônica simples até você enviar outro certificado."
        confirmLabel="Remover certificado"
        busy={busy}
        onConfirm={() => void remove()}
      />
    </Card>
  );
}
