import { useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_MESSAGES } from '../../../../core/src/index';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { IconClock, IconMail, IconShield } from '../../components/ui/icons';
import { EmailInput } from '../../components/ui/input';
import { paths } from '../../config/paths';
import { isEmail, useForm } from '../../lib/use-form';
import { requestDataDeletion, type DeletionReceipt } from './api/requests';
import { PublicLayout, PublicPageHeader } from './components/public-layout';
import { RequestReceived } from './components/request-received';

const REQUEST_FAILED_MESSAGE = 'Erro ao enviar a solicitação. Tente novamente.';

/** /data-deletion (spec §2, §5, §9): the account e-mail; a tracked request (product.md). */
export default function DataDeletionPage() {
  useDocumentTitle('Exclusão de dados');
  const [receipt, setReceipt] = useState<DeletionReceipt | null>(null);
  const form = useForm({ email: '' }, {
    validate: ({ email }) =>
      email.trim() === '' ? { message: 'Informe o e-mail da conta', fields: ['email'] }
      : !isEmail(email) ? { message: ACCOUNT_MESSAGES.invalidEmail, fields: ['email'] }
      : null,
    failureMessage: REQUEST_FAILED_MESSAGE,
    submit: async ({ email }) => setReceipt(await requestDataDeletion(email.trim())),
  });
  const problem = form.problem?.message ?? null;
  const email = form.values.email;

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
              <RequestReceived title="Solicitação recebida" protocol={receipt.id}>
                <p>
                  Você receberá um e-mail de confirmação em até 24 horas. Seus dados serão excluídos em até 30 dias.
                </p>
                <p>
                  Acompanhe a situação do pedido (recebido, aprovado ou recusado) pela página abaixo e guarde o link: ele é a única forma de consultá-lo.
                </p>
                <p className="public-confirmation__link">
                  <Link to={receipt.statusUrl}>Acompanhar a solicitação</Link>
                  <br />
                  <code>{`${window.location.origin}${receipt.statusUrl}`}</code>
                </p>
              </RequestReceived>
            ) : (
              <form className="public-form" onSubmit={form.onSubmit} noValidate aria-label="Solicitação de exclusão de dados">
                {problem && <Banner variant="error">{problem}</Banner>}
                <Field
                  label="E-mail da conta"
                  required
                  hint="O mesmo e-mail usado para entrar no Limiar."
                  error={problem && !receipt && (email.trim() === '' || !isEmail(email)) ? problem : undefined}
                >
                  {(control) => (
                    <EmailInput {...control} {...form.text('email')} autoComplete="email" />
                  )}
                </Field>
                <div className="public-form__footer">
                  <p className="public-form__note">* Campo obrigatório</p>
                  <Button type="submit" variant="danger" loading={form.busy} loadingText="Enviando...">
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
