import { paths } from '../../config/paths';
import { AuthLayout } from '../auth';
import { InvitationAccept } from './components/invitation-accept';
import './team.css';

/** /convite#token=… (issue 18): the page an invitation link opens. Public; lazy-loaded. */
export default function InvitationPage() {
  return (
    <AuthLayout
      title="Convite para a equipe"
      subtitle="Você foi convidado(a) para uma equipe no Limiar."
      switchTo={{ prompt: 'Não esperava este convite?', to: paths.home.getHref(), label: 'Conhecer o Limiar' }}
      width="wide"
    >
      <InvitationAccept />
    </AuthLayout>
  );
}
