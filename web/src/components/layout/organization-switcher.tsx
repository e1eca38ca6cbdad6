import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth, useSwitchOrganization } from '../../features/auth';
import { toast } from '../../lib/toast';
import { Button } from '../ui/button';
import './organization-switcher.css';

/**
 * "Trocar organização" in the user menu (issue 18), for a login in more than one organisation: the
 * other organisations as buttons; choosing one moves the session there and reloads every page's data.
 */
export function OrganizationSwitcher() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { switchTo, busyId, problem } = useSwitchOrganization();
  const others = (user?.organizations ?? []).filter((o) => o.organizationId !== user?.organizationId);
  if (!user || others.length === 0) return null;

  async function choose(organizationId: string, name: string) {
    if (!(await switchTo(organizationId))) return;
    setOpen(false);
    toast.success(`Agora você está em ${name}.`);
    navigate(paths.dashboard.getHref());
  }

  return (
    <div className="app-orgs">
      {user.organizationName && <p className="app-orgs__current">Organização: <strong>{user.organizationName}</strong></p>}
      <Button variant="ghost" size="sm" className="app-orgs__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((v) => !v)}>
        Trocar organização
      </Button>
      {open && (
        <ul id={listId} className="app-orgs__list" aria-label="Outras organizações">
          {others.map((o) => (
            <li key={o.organizationId}>
              <Button variant="secondary" size="sm" className="app-orgs__option" loading={busyId === o.organizationId} disabled={busyId !== null}
                onClick={() => void choose(o.organizationId, o.organizationName)}>
                {o.organizationName}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {problem && <p className="app-orgs__problem" role="alert">{problem}</p>}
    </div>
  );
}

export default OrganizationSwitcher;
