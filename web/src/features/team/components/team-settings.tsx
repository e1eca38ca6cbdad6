import { MembersCard } from './members-card';
import { InviteCard, PendingInvitationsCard } from './invitations-card';
import '../team.css';

/** Configurações › Equipe (issue 18): members, the invitation form and the pending invitations. Administrators only. */
export function TeamSettings() {
  return (
    <div className="settings-stack team-settings">
      <MembersCard />
      <InviteCard />
      <PendingInvitationsCard />
    </div>
  );
}
