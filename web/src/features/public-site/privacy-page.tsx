import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { paths } from '../../config/paths';
import { PublicLayout, PublicPageHeader } from './components/public-layout';
import { LAST_UPDATED } from './legal';

/** /privacy (spec §2): the privacy policy, last updated 12 Oct 2025. Lazy-loaded. */
export default function PrivacyPage() {
  useDocumentTitle('Política de Privacidade');
  return (
    <PublicLayout>
      <PublicPageHeader eyebrow="Privacidade" title="Política de Privacidade">
        Como o Limiar trata os dados pessoais e de saúde dos profissionais e dos trabalhadores atendidos.
      </PublicPageHeader>
      <div className="public-page-body">
        <article className="public-container public-container--narrow legal">
          <p className="legal__updated">Última atualização: {LAST_UPDATED}</p>

          <section>
            <h2>1. Quem somos e a quem se aplica</h2>
            <p>
              O Limiar é uma ferramenta de gestão de audiometria ocupacional usada por médicos, fonoaudiólogos e
              engenheiros de segurança do trabalho. Esta política se aplica aos dados dos profissionais cadastrados e
              aos dados dos trabalhadores (pacientes) registrados por eles. A clínica ou empresa que usa o Limiar é a
              controladora dos dados dos seus pacientes; o Limiar atua como operador, nos termos da Lei Geral de
              Proteção de Dados (LGPD, Lei nº 13.709/2018).
            </p>
          </section>

          <section>
            <h2>2. Dados que tratamos</h2>
            <ul>
              <li>
                <strong>Conta profissional:</strong> nome, e-mail, senha (guardada apenas como hash), tipo de
                profissional, registro no conselho (CRM, CRFa ou CREA), especialização e telefone.
              </li>
              <li>
                <strong>Pacientes e exames:</strong> dados cadastrais, empresa e função, resultados audiométricos,
                arquivos de audiograma e laudos — dados pessoais sensíveis de saúde.
              </li>
              <li>
                <strong>Uso e segurança:</strong> registros de acesso e de auditoria (quem consultou ou alterou cada
                dado e quando), necessários à segurança e à LGPD.
              </li>
              <li>
                <strong>Contato:</strong> o que você nos envia pelos formulários de contato e de exclusão de dados.
              </li>
            </ul>
          </section>

          <section>
            <h2>3. Para que usamos os dados</h2>
            <p>
              Para prestar o serviço (registro de exames, leitura de audiogramas, emissão de laudos e análise de
              evolução), cumprir obrigações legais e regulatórias da saúde ocupacional (NR-7), manter a segurança da
              conta e responder às suas solicitações. A base legal é a tutela da saúde, o cumprimento de obrigação
              legal e a execução de contrato, conforme os arts. 7º e 11 da LGPD.
            </p>
          </section>

          <section>
            <h2>4. Inteligência artificial local</h2>
            <p>
              A leitura de audiogramas e o rascunho dos textos dos laudos são feitos por uma IA que roda{' '}
              <strong>localmente, no servidor da própria instalação</strong>. Nenhum dado de paciente é enviado a
              provedores externos de IA, e os dados dos clientes <strong>não são usados para treinar modelos</strong>.
              A classificação audiométrica é calculada por regras, e todo laudo deve ser revisado e validado por um
              profissional habilitado.
            </p>
          </section>

          <section>
            <h2>5. Segurança</h2>
            <p>
              Os dados trafegam criptografados (HTTPS) e os arquivos de exame são armazenados cifrados (AES-256-GCM).
              As senhas são protegidas com argon2id, as sessões podem ser encerradas a qualquer momento e cada
              organização só acessa os próprios registros.
            </p>
          </section>

          <section>
            <h2>6. Compartilhamento</h2>
            <p>
              Não vendemos nem compartilhamos dados pessoais com terceiros para fins comerciais. Dados só são
              compartilhados quando a lei exigir ou por determinação de autoridade competente.
            </p>
          </section>

          <section>
            <h2>7. Seus direitos</h2>
            <p>
              Você pode confirmar a existência de tratamento, acessar, corrigir, portar e pedir a exclusão dos seus
              dados, além de revogar consentimentos. Dados do perfil podem ser corrigidos em Configurações.
            </p>
          </section>

          <section>
            <h2>8. Exclusão de dados</h2>
            <p>
              Para excluir sua conta e seus dados, faça uma{' '}
              <Link to={paths.dataDeletion.getHref()}>solicitação de exclusão de dados</Link> informando o e-mail da
              conta. Você receberá um e-mail de confirmação em até 24 horas, e os dados serão excluídos em até 30 dias,
              exceto os que a lei obriga a manter (por exemplo, prontuários de saúde ocupacional), que ficam bloqueados
              pelo prazo legal.
            </p>
          </section>

          <section>
            <h2>9. Contato</h2>
            <p>
              Dúvidas sobre esta política ou sobre o tratamento dos seus dados: use o{' '}
              <Link to={paths.contact.getHref()}>formulário de contato</Link>. Respondemos em até 24 horas.
            </p>
          </section>
        </article>
      </div>
    </PublicLayout>
  );
}
