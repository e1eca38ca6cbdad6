import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_MESSAGES } from '../../../../core/src/index';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { IconClock, IconHelp, IconMail } from '../../components/ui/icons';
import { EmailInput, Input, Textarea } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { isEmail, useForm, type FormProblem } from '../../lib/use-form';
import { CONTACT_SUBJECT_LABELS, sendContactMessage, type ContactSubject, type RequestReceipt } from './api/requests';
import { faqHref, PublicLayout, PublicPageHeader } from './components/public-layout';
import { RequestReceived } from './components/request-received';

const SEND_FAILED_MESSAGE = 'Erro ao enviar mensagem. Tente novamente.';

type ContactField = 'name' | 'email' | 'subject' | 'message';
type Values = Record<ContactField, string>;

const isSubject = (value: string | null): value is ContactSubject =>
  value !== null && Object.prototype.hasOwnProperty.call(CONTACT_SUBJECT_LABELS, value);

/** Spec §5 contact: every field, then the e-mail shape, then a known subject. */
function validateContact(values: Values): FormProblem<ContactField> | null {
  const missing = (Object.keys(values) as ContactField[]).filter((field) => values[field].trim() === '');
  if (missing.length > 0) return { message: ACCOUNT_MESSAGES.fillAllFields, fields: missing };
  if (!isEmail(values.email)) return { message: ACCOUNT_MESSAGES.invalidEmail, fields: ['email'] };
  if (!isSubject(values.subject)) return { message: 'Selecione um assunto', fields: ['subject'] };
  return null;
}

/** /contact (spec §2, §5): all fields required; stored server-side (product.md); reply within 24 h. */
export default function ContactPage() {
  useDocumentTitle('Contato');
  const [searchParams] = useSearchParams();
  const preset = searchParams.get('assunto');
  const [receipt, setReceipt] = useState<RequestReceipt | null>(null);
  const form = useForm<Values>({ name: '', email: '', subject: isSubject(preset) ? preset : '', message: '' }, {
    validate: validateContact,
    failureMessage: SEND_FAILED_MESSAGE,
    submit: async (values) => {
      const subject = values.subject as ContactSubject; // checked by validateContact
      setReceipt(await sendContactMessage({ name: values.name.trim(), email: values.email.trim(), subject, message: values.message.trim() }));
    },
  });
  const { problem, invalid } = form;

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
              <RequestReceived title="Mensagem enviada!" protocol={receipt.id}>
                <p>Obrigado pelo contato. Responderemos em até 24 horas no e-mail informado.</p>
              </RequestReceived>
            ) : (
              <form className="public-form" onSubmit={form.onSubmit} noValidate aria-label="Formulário de contato">
                {problem && <Banner variant="error">{problem.message}</Banner>}
                <div className="public-form__row">
                  <Field label="Nome" required error={invalid('name') ? 'Informe seu nome' : undefined}>
                    {(control) => <Input {...control} {...form.text('name')} autoComplete="name" />}
                  </Field>
                  <Field label="E-mail" required error={invalid('email') ? 'Informe um e-mail válido' : undefined}>
                    {(control) => <EmailInput {...control} {...form.text('email')} autoComplete="email" />}
                  </Field>
                </div>
                <Field label="Assunto" required error={invalid('subject') ? 'Selecione um assunto' : undefined}>
                  {(control) => (
                    <Select {...control} {...form.text('subject')}>
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
                  {(control) => <Textarea {...control} {...form.text('message')} rows={6} maxLength={5000} placeholder="Como podemos ajudar?" />}
                </Field>
                <div className="public-form__footer">
                  <p className="public-form__note">* Campos obrigatórios</p>
                  <Button type="submit" loading={form.busy} loadingText="Enviando...">
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
