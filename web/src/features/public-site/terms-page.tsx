import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { paths } from '../../config/paths';
import { PublicLayout, PublicPageHeader } from './components/public-layout';
import { LAST_UPDATED } from './legal';

/** /terms (spec §2, §9): terms of service, same date as the privacy policy. Lazy-loaded. */
export default function TermsPage() {
  useDocumentTitle('Termos de Uso');
  return (
    <PublicLayout>
      <PublicPageHeader eyebrow="Termos" title="Termos de Uso">
        As regras para usar o Limiar. Ao criar uma conta, você concorda com estes termos.
      </PublicPageHeader>
      <div className="public-page-body">
        <article className="public-container public-container--narrow legal">
          <p className="legal__updated">Última atualização: {LAST_UPDATED}</p>

          <section>
            <h2>1. O serviço</h2>
            <p>
              O Limiar é uma ferramenta informativa e gerencial para audiometria ocupacional: cadastro de
              trabalhadores, registro de exames, leitura de audiogramas, rascunho de laudos e análise de evolução
              auditiva.
            </p>
          </section>

          <section>
            <h2>2. Responsabilidade profissional</h2>
            <p>
              <strong>O Limiar não substitui o julgamento clínico.</strong> Classificações, sugestões de nexo causal e
              textos produzidos pela ferramenta são apoio à decisão: os laudos devem ser revisados e validados por um
              profissional habilitado, que responde por eles perante o seu conselho de classe. O diagnóstico é ato
              do profissional.
            </p>
          </section>

          <section>
            <h2>3. Sua conta</h2>
            <ul>
              <li>As informações de cadastro, incluindo o registro no conselho profissional, devem ser verdadeiras.</li>
              <li>A senha é pessoal; avise-nos se suspeitar de uso indevido e altere-a em Configurações.</li>
              <li>Você é responsável pelos dados de pacientes que registrar e por ter base legal para tratá-los.</li>
            </ul>
          </section>

          <section>
            <h2>4. Uso aceitável</h2>
            <p>
              Não é permitido usar o Limiar para fins ilícitos, tentar acessar dados de outras organizações, contornar
              controles de segurança ou sobrecarregar o serviço.
            </p>
          </section>

          <section>
            <h2>5. Dados e privacidade</h2>
            <p>
              O tratamento de dados segue a <Link to={paths.privacy.getHref()}>Política de Privacidade</Link> e a LGPD.
              A IA roda localmente e os dados dos clientes não são usados para treinar modelos.
            </p>
          </section>

          <section>
            <h2>6. Planos e suporte</h2>
            <p>
              O plano Essencial não exige cartão de crédito. Clientes Premium têm suporte prioritário com resposta em
              até 4 horas; os demais, em até 24 horas.
            </p>
          </section>

          <section>
            <h2>7. Encerramento</h2>
            <p>
              Você pode encerrar sua conta a qualquer momento pela{' '}
              <Link to={paths.dataDeletion.getHref()}>solicitação de exclusão de dados</Link>. Podemos suspender contas
              que violem estes termos.
            </p>
          </section>

          <section>
            <h2>8. Alterações destes termos</h2>
            <p>
              Alterações relevantes serão comunicadas com <strong>30 dias de antecedência</strong> por e-mail e por
              aviso no sistema. Continuar usando o Limiar após esse prazo significa aceitar a nova versão.
            </p>
          </section>

          <section>
            <h2>9. Lei e foro</h2>
            <p>
              Estes termos são regidos pelas leis brasileiras. Dúvidas: <Link to={paths.contact.getHref()}>fale conosco</Link>.
            </p>
          </section>
        </article>
      </div>
    </PublicLayout>
  );
}
