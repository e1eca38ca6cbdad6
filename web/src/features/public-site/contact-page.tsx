import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES } from '../../../../core/src/index';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Banner } from '../../components/ui/banner';
import { Button, buttonClassName } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { IconCheckCircle, IconClock, IconHelp, IconMail } from '../../components/ui/icons';
import { Input, Textarea } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { CONTACT_SUBJECT_LABELS, sendContactMessage, type ContactSubject, type RequestReceipt } from './api/requests';
import { faqHref, PublicLayout, PublicPageHeader } from './components/public-layout';

const SEND_FAILED_MESSAGE = 'Erro ao enviar mensagem. Tente novamente.';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type ContactField = 'name' | 'email' | 'subject' | 'message';
type Values = Record<ContactField, string>;

const isSubject = (value: string | null): value is ContactSubject =>
  value !== null && Object.prototype.hasOwnProperty.call(CONTACT_SUBJECT_LABELS, value);

/** /contact (spec §2, §5): all fields required; stored server-side (product.md); reply within 24 h. */
export default function ContactPage() {
  useDocumentTitle('Contato');
  const [searchParams] = useSearchParams();
  const preset = searchParams.get('assunto');
  const [values, setValues] = useState<Values>({ name: '', email: '', subject: isSubject(preset) ? preset : '', message: '' });
  const [problem, setProblem] = useState<{ message: string; fields: ContactField[] } | null>(null);
  const [sending, setSending] = useState(false);
  const [receipt, setReceipt] = useState<RequestReceipt | null>(null);

  const set = (field: ContactField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const invalid = (field: ContactField) => problem?.fields.includes(field) ?? false;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const missing = (Object.keys(values) as ContactField[]).filter((field) => values[field].trim() === '');
    if (missing.length > 0) {
      setProblem({ message: ACCOUNT_MESSAGES.fillAllFields, fields: missing });
      return;
    }
    if (!EMAIL_PATTERN.test(values.email.trim())) {
      setProblem({ message: ACCOUNT_MESSAGES.invalidEmail, fields: ['email'] });
      return;
    }
    if (!isSubject(values.subject)) {
      setProblem({ message: 'Selecione um assunto', fields: ['subject'] });
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      const answer = await sendContactMessage({
        name: values.name.trim(),
        email: values.email.trim(),
        subject: values.subject,
        message: values.message.trim(),
      });
      setReceipt(answer);
    } catch (error) {
      setProblem({ message: errorMessage(error, SEND_FAILED_MESSAGE), fields: [] });
    } finally {
      setSending(false);
    }
  }

  return (
    <PublicLayout>
      <PublicPageHeader eyebrow="Contato" title="Fale conosco">
        Dúvidas comerciais, suporte ou parcerias: envie sua mensagem e responderemos em até 24 horas.
      </PublicPageHeader>
      <div className="public-page-body">
        <div className="public-container public-form-layout">
          <div className="public-aside">
            <div className="public-aside__item">
              <IconClock size={20} />
              <div>
                <h2>Resposta em até 24 horas</h2>
                <p>Clientes do plano Premium têm suporte prioritário, com resposta em até 4 horas.</p>
              </div>
            </div>
            <div className="public-aside__item">
              <IconHelp size={20} />
              <div>
                <h2>Talvez já tenhamos a resposta</h2>
                <p>
                  Veja as <Link to={faqHref}>perguntas frequentes</Link> da Central de Ajuda.
                </p>
              </div>
            </div>
            <div className="public-aside__item">
              <IconMail size={20} />
              <div>
                <h2>Respondemos por e-mail</h2>
                <p>Usamos o e-mail informado apenas para responder à sua mensagem.</p>
              </div>
            </div>
          </div>

          <Card padding="lg">
            {receipt ? (
              <div className="public-confirmation" role="status">
                <span className="public-confirmation__icon">
                  <IconCheckCircle size={28} />
                </span>
                <h2>Mensagem enviada!</h2>
                <p>Obrigado pelo contato. Responderemos em até 24 horas no e-mail informado.</p>
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
              <form className="public-form" onSubmit={handleSubmit} noValidate aria-label="Formulário de contato">
                {problem && <Banner variant="error">{problem.message}</Banner>}
                <div className="public-form__row">
                  <Field label="Nome" required error={invalid('name') ? 'Informe seu nome' : undefined}>
                    {(control) => (
                      <Input {...control} name="name" autoComplete="name" value={values.name} onChange={(e) => set('name')(e.target.value)} disabled={sending} />
                    )}
                  </Field>
                  <Field label="E-mail" required error={invalid('email') ? 'Informe um e-mail válido' : undefined}>
                    {(control) => (
                      <Input
                        {...control}
                        type="email"
                        name="email"
                        autoComplete="email"
                        inputMode="email"
                        placeholder="seu@email.com"
                        value={values.email}
                        onChange={(e) => set('email')(e.target.value)}
                        disabled={sending}
                      />
                    )}
                  </Field>
                </div>
                <Field label="Assunto" required error={invalid('subject') ? 'Selecione um assunto' : undefined}>
                  {(control) => (
                    <Select {...control} name="subject" value={values.subject} onChange={(e) => set('subject')(e.target.value)} disabled={sending}>
                      <option value="">Selecione um assunto</option>
                      {(Object.keys(CONTACT_SUBJECT_LABELS) as ContactSubject[]).map((subject) => (
                        <option key={subject} value={subject}>
                          {CONTACT_SUBJECT_LABELS[subject]}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <Field label="Mensagem" required error={invalid('message') ? 'Escreva sua mensagem' : undefined}>
                  {(control) => (
                    <Textarea
                      {...control}
                      name="message"
                      rows={6}
                      maxLength={5000}
                      placeholder="Como podemos ajudar?"
                      value={values.message}
                      onChange={(e) => set('message')(e.target.value)}
                      disabled={sending}
                    />
                  )}
                </Field>
                <div className="public-form__footer">
                  <p className="public-form__note">* Campos obrigatórios</p>
                  <Button type="submit" loading={sending} loadingText="Enviando...">
                    Enviar mensagem
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
