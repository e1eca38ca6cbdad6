import { paths } from '../../config/paths';
import { AuthLayout, LoginForm } from '../../features/auth';

/** /login (spec §2): an authenticated visitor goes straight to /dashboard. */
export default function LoginRoute() {
  return (
    <AuthLayout
      title="Entrar"
      subtitle="Acesse sua conta para gerenciar pacientes, exames e laudos."
      switchTo={{ prompt: 'Não tem uma conta?', to: paths.register.getHref(), label: 'Criar conta' }}
      guestOnly
    >
      <LoginForm />
    </AuthLayout>
  );
}
