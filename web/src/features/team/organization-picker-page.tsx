import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { useAuth, useSwitchOrganization } from '../auth';
import { rolesLabel } from './roles';
import './team.css';

/**
 * /organizacoes (issue 18): after login, a login that belongs to more than one organisation picks
 * where to work; the organisation the session already carries is preselected. Lazy-loaded.
 */
export default function OrganizationPickerPage() {
  useDocumentTitle('Escolha a organização');
  const { user } = useAuth();
  const navigate = useNavigate();
  const organizations = user?.organizations ?? [];
  const [chosen, setChosen] = useState(user?.organizationId ?? organizations[0]?.organizationId ?? '');
  const { switchTo, busyId, problem } = useSwitchOrganization();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen && chosen !== user?.organizationId && !(await switchTo(chosen))) return;
    navigate(paths.dashboard.getHref(), { replace: true });
  }

  return (
    <div className="team-picker">
      <PageHeader title="Escolha a organização" description="Sua conta participa de mais de uma organização. Em qual delas você vai trabalhar agora?" />
      <Card>
        <form className="team-picker__form" onSubmit={(e) => void submit(e)}>
          <div aria-live="polite">{problem && <Banner variant="error">{problem}</Banner>}</div>
          <fieldset className="team-picker__fieldset">
            <legend className="visually-hidden">Organizações</legend>
            <ul className="team-orgs">
              {organizations.map((o) => (
                <li key={o.organizationId}>
                  <label className="team-orgs__option">
                    <input type="radio" name="organization" value={o.organizationId} checked={chosen === o.organizationId}
                      onChange={() => setChosen(o.organizationId)} disabled={busyId !== null} />
                    <span>
                      <span className="team-orgs__name">{o.organizationName}</span>
                      <span className="team-orgs__roles">{rolesLabel(o.roles)}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div className="team-picker__footer">
            <Button type="submit" loading={busyId !== null} loadingText="Entrando...">Continuar</Button>
          </div>
        </form>
      </Card>
      <p className="team-picker__note">Você pode trocar de organização a qualquer momento pelo menu, em “Trocar organização”.</p>
    </div>
  );
}
