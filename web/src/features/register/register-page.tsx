import { paths } from '../../config/paths';
import { AuthLayout } from '../auth';
import { RegisterForm } from './components/register-form';

/** /register (spec §2): an authenticated visitor goes straight to /dashboard. Lazy-loaded. */
export default function RegisterPage() {
  return (
    <AuthLayout
      title="Criar conta"
      subtitle="Cadastre-se para registrar trabalhadores, exames e laudos da sua clínica."
      switchTo={{ prompt: 'Já tem uma conta?', to: paths.login.getHref(), label: 'Entrar' }}
      guestOnly
      width="wide"
    >
      <RegisterForm />
    </AuthLayout>
  );
}
