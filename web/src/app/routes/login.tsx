import { Link, Navigate } from 'react-router';
import { IconArrowLeft, LogoMark } from '../../components/ui/icons';
import { LoadingState } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/auth-context';
import { LoginForm } from '../../features/auth/components/login-form';
import './login.css';

const highlights = [
  'Cadastro de trabalhadores e exames audiométricos',
  'Leitura de audiogramas em PDF, JPEG ou PNG',
  'Laudos padronizados conforme a NR-7 (antiga Portaria 19/98)',
  'Acompanhamento da evolução auditiva com alerta de agravamento',
];

/** /login (spec §2): an authenticated visitor goes straight to /dashboard. */
export default function LoginRoute() {
  useDocumentTitle('Entrar');
  const { status } = useAuth();
  if (status === 'loading') return <LoadingState fullPage />;
  if (status === 'authenticated') return <Navigate to={paths.dashboard.getHref()} replace />;

  return (
    <div className="login-page">
      <aside className="login-page__aside" aria-label="Sobre o Limiar">
        <div className="login-page__brand">
          <LogoMark size={36} />
          <span>Limiar</span>
        </div>
        <div className="login-page__pitch">
          <p className="login-page__eyebrow">Audiometria ocupacional</p>
          <p className="login-page__headline">Exames, laudos e evolução auditiva em um só lugar.</p>
          <ul className="login-page__highlights">
            {highlights.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <p className="login-page__disclaimer">
          Ferramenta informativa e gerencial: não substitui o julgamento clínico. Os laudos devem ser revisados e
          validados por um profissional habilitado.
        </p>
      </aside>

      <main className="login-page__main">
        <div className="login-page__panel">
          <div className="login-page__brand login-page__brand--compact">
            <LogoMark size={32} />
            <span>Limiar</span>
          </div>
          <h1 className="login-page__title">Entrar</h1>
          <p className="login-page__subtitle">Acesse sua conta para gerenciar pacientes, exames e laudos.</p>
          <LoginForm />
          <p className="login-page__register">
            Não tem uma conta? <Link to={paths.register.getHref()}>Criar conta</Link>
          </p>
          <Link className="login-page__home" to={paths.home.getHref()}>
            <IconArrowLeft size={16} />
            Voltar para a página inicial
          </Link>
        </div>
      </main>
    </div>
  );
}
