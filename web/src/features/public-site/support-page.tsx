import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { IconHelp, IconMail, IconTrash } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { PublicLayout, PublicPageHeader } from './components/public-layout';

const faq: { question: string; answer: ReactNode }[] = [
  {
    question: 'Como crio minha conta?',
    answer: (
      <>
        Acesse <Link to={paths.register.getHref()}>Criar conta</Link>, informe nome, e-mail, senha e o tipo de
        profissional. Médicos informam CRM e UF; fonoaudiólogos, CRFa e região; engenheiros, CREA e UF. A configuração
        leva cerca de 2 minutos e não pede cartão de crédito.
      </>
    ),
  },
  {
    question: 'Esqueci minha senha. O que faço?',
    answer: (
      <>
        A recuperação automática de senha ainda não está disponível. Envie uma mensagem pelo{' '}
        <Link to={paths.contact.getHref()}>formulário de contato</Link> com o assunto Suporte, usando o e-mail da conta,
        e ajudaremos a recuperar o acesso. Se você sabe a senha atual, altere-a em Configurações → Segurança.
      </>
    ),
  },
  {
    question: 'Quais arquivos de audiograma posso enviar?',
    answer: 'PDF, JPEG ou PNG, de até 10 MB cada. Você pode enviar vários arquivos de uma vez. Quando a leitura automática não for possível, o sistema avisa e você preenche os limiares manualmente.',
  },
  {
    question: 'A IA substitui o médico ou o fonoaudiólogo?',
    answer: 'Não. O Limiar é uma ferramenta informativa e gerencial: a classificação é calculada por regras (NR-7 Anexo II, antiga Portaria 19/98) e a IA só lê audiogramas e redige rascunhos. Todo laudo deve ser revisado e validado por um profissional habilitado.',
  },
  {
    question: 'Meus dados são usados para treinar modelos de IA?',
    answer: 'Não. A IA roda localmente, no servidor da sua instalação; nenhum dado de paciente é enviado a provedores de IA nem usado para treinar modelos.',
  },
  {
    question: 'Como exporto laudos e dados?',
    answer: 'Os laudos são exportados em PDF para assinatura. Listas de exames podem ser exportadas em CSV, que abre corretamente no Excel em português.',
  },
  {
    question: 'Como altero meus dados, notificações ou senha?',
    answer: 'Em Configurações: a aba Perfil tem seus dados profissionais, a aba Notificações as preferências de aviso e a aba Segurança a troca de senha.',
  },
  {
    question: 'Como peço a exclusão dos meus dados?',
    answer: (
      <>
        Use a página <Link to={paths.dataDeletion.getHref()}>Exclusão de dados</Link> e informe o e-mail da conta. Você
        receberá um e-mail de confirmação em até 24 horas, e os dados serão excluídos em até 30 dias.
      </>
    ),
  },
  {
    question: 'Em quanto tempo o suporte responde?',
    answer: 'Em até 24 horas. Clientes do plano Premium têm suporte prioritário, com resposta em até 4 horas.',
  },
];

/** /support (spec §2): help centre with the FAQ at #faq. Lazy-loaded. */
export default function SupportPage() {
  useDocumentTitle('Central de Ajuda');
  return (
    <PublicLayout>
      <PublicPageHeader eyebrow="Suporte" title="Central de Ajuda">
        Respostas rápidas para as dúvidas mais comuns e os caminhos para falar com a nossa equipe.
      </PublicPageHeader>
      <div className="public-page-body">
        <div className="public-container public-container--narrow">
          <ul className="support-cards">
            <li>
              <Link to="#faq">
                <IconHelp size={22} />
                <strong>Perguntas frequentes</strong>
                <span>Conta, exames, laudos e privacidade.</span>
              </Link>
            </li>
            <li>
              <Link to={`${paths.contact.getHref()}?assunto=suporte`}>
                <IconMail size={22} />
                <strong>Fale com o suporte</strong>
                <span>Resposta em até 24 horas; Premium em até 4 horas.</span>
              </Link>
            </li>
            <li>
              <Link to={paths.dataDeletion.getHref()}>
                <IconTrash size={22} />
                <strong>Exclusão de dados</strong>
                <span>Solicite a exclusão da sua conta e dos seus dados.</span>
              </Link>
            </li>
          </ul>

          <section id="faq" className="faq" aria-labelledby="faq-title">
            <h2 id="faq-title">Perguntas frequentes</h2>
            <div className="faq__list">
              {faq.map((item) => (
                <details key={item.question} className="faq__item">
                  <summary>{item.question}</summary>
                  <div className="faq__answer">{item.answer}</div>
                </details>
              ))}
            </div>
          </section>
        </div>
      </div>
    </PublicLayout>
  );
}
