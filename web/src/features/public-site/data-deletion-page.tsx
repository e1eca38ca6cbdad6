import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES } from '../../../../core/src/index';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Banner } from '../../components/ui/banner';
import { Button, buttonClassName } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { IconCheckCircle, IconClock, IconMail, IconShield } from '../../components/ui/icons';
import { Input } from '../../components/ui/input';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { requestDataDeletion, type RequestReceipt } from './api/requests';
import { PublicLayout, PublicPageHeader } from './components/public-layout';

const REQUEST_FAILED_MESSAGE = 'Erro ao enviar a solicitação. Tente novamente.';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /data-deletion (spec §2, §5, §9): the account e-mail; a tracked request (product.md). */
export default function DataDeletionPage() {
  useDocumentTitle('Exclusão de dados');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [receipt, setReceipt] = useState<RequestReceipt | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (email.trim() === '') {
      setProblem('Informe o e-mail da conta');
      return;
    }
    if (!EMAIL_PATTERN.test(email.trim())) {
      setProblem(ACCOUNT_MESSAGES.invalidEmail);
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      setReceipt(await requestDataDeletion(email.trim()));
    } catch (error) {
      setProblem(errorMessage(error, REQUEST_FAILED_MESSAGE));
    } finally {
      setSending(false);
    }
  }

  return (
    <PublicLayout>
      <PublicPageHeader eyebrow="Privacidade · LGPD" title="Exclusão de dados">
        Solicite a exclusão da sua conta e dos dados associados a ela, conforme a LGPD.
      </PublicPageHeader>
      <div className="public-page-body">
        <div className="public-container public-form-layout">
          <div className="public-aside">
            <div className="public-aside__item">
              <IconMail size={20} />
              <div>
                <h2>Confirmação em até 24 horas</h2>
                <p>Enviamos um e-mail de confirmação para o endereço da conta.</p>
              </div>
            </div>
            <div className="public-aside__item">
              <IconClock size={20} />
              <div>
                <h2>Exclusão em até 30 dias</h2>
                <p>Depois da confirmação, os dados são excluídos ou anonimizados em até 30 dias.</p>
              </div>
            </div>
            <div className="public-aside__item">
              <IconShield size={20} />
              <div>
                <h2>Guarda obrigatória</h2>
                <p>
                  Registros que a lei obriga a manter ficam bloqueados pelo prazo legal. Veja a{' '}
                  <Link to={paths.privacy.getHref()}>Política de Privacidade</Link>.
                </p>
              </div>
            </div>
          </div>

          <Card padding="lg">
            {receipt ? (
              <div className="public-confirmation" role="status">
                <span className="public-confirmation__icon">
                  <IconCheckCircle size={28} />
                </span>
                <h2>Solicitação recebida</h2>
                <p>
                  Você receberá um e-mail de confirmação em até 24 horas. Seus dados serão excluídos em até 30 dias.
                </p>
                <p className="public-confirmation__protocol">
                  Protocolo: <code>{receipt.id}</code>
                </p>
                <div className="public-confirmation__actions">
                  <Link className={buttonClassName({ variant: 'secondary' })} to={paths.home.getHref()}>
                    Voltar para a página inicial
                  </Link>
                </div>
              </div>
            ) : (
              <form className="public-form" onSubmit={handleSubmit} noValidate aria-label="Solicitação de exclusão de dados">
                {problem && <Banner variant="error">{problem}</Banner>}
                <Field
                  label="E-mail da conta"
                  required
                  hint="O mesmo e-mail usado para entrar no Limiar."
                  error={problem && !receipt && (email.trim() === '' || !EMAIL_PATTERN.test(email.trim())) ? problem : undefined}
                >
                  {(control) => (
                    <Input
                      {...control}
                      type="email"
                      name="email"
                      autoComplete="email"
                      inputMode="email"
                      placeholder="seu@email.com"
                      value={email}
                      onChange={(event) => setEmail(event.target.value)}
                      disabled={sending}
                    />
                  )}
                </Field>
                <div className="public-form__footer">
                  <p className="public-form__note">* Campo obrigatório</p>
                  <Button type="submit" variant="danger" loading={sending} loadingText="Enviando...">
                    Solicitar exclusão
                  </Button>
                </div>
              </form>
            )}
          </Card>
        </div>
      </div>
    </PublicLayout>
  );
}
