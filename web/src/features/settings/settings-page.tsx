import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { IconBell, IconFileText, IconKey, IconLock, IconUser, IconUsers } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { LoadingState } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { can, useAuth } from '../auth';
import { ClinicSettings } from './components/clinic-settings';
import { NotificationSettings } from './components/notification-settings';
import { ProfileSettings } from './components/profile-settings';
import { SecuritySettings } from './components/security-settings';
import './settings.css';

// Integrações (issue 9) lives in its own feature and chunk.
const IntegrationsSettings = lazy(() => import('../integrations').then((m) => ({ default: m.IntegrationsSettings })));
// Equipe (issue 18) too: administrators only.
const TeamSettings = lazy(() => import('../team').then((m) => ({ default: m.TeamSettings })));

type SettingsTab = 'perfil' | 'clinica' | 'notificacoes' | 'seguranca' | 'integracoes' | 'equipe';

const teamTab = {
  value: 'equipe' as const,
  label: 'Equipe',
  Icon: IconUsers,
  Content: () => (
    <Suspense fallback={<LoadingState />}>
      <TeamSettings />
    </Suspense>
  ),
};

const tabs: { value: SettingsTab; label: string; Icon: typeof IconUser; Content: () => ReactNode }[] = [
  { value: 'perfil', label: 'Perfil', Icon: IconUser, Content: ProfileSettings },
  { value: 'clinica', label: 'Clínica', Icon: IconFileText, Content: ClinicSettings },
  { value: 'notificacoes', label: 'Notificações', Icon: IconBell, Content: NotificationSettings },
  { value: 'seguranca', label: 'Segurança', Icon: IconLock, Content: SecuritySettings },
  {
    value: 'integracoes',
    label: 'Integrações',
    Icon: IconKey,
    Content: () => (
      <Suspense fallback={<LoadingState />}>
        <IntegrationsSettings />
      </Suspense>
    ),
  },
];

const ADMIN_TABS: readonly SettingsTab[] = ['clinica', 'integracoes'];

/** /settings (spec §2): 'Configurações' with the tabs Perfil, Notificações and Segurança. Lazy-loaded. */
export default function SettingsPage() {
  useDocumentTitle('Configurações');
  const [tab, setTab] = useState<SettingsTab>('perfil');
  // Clínica (laudo header, logo), Integrações (embed tokens) and Equipe are the administrator's (team.manage, issue 18)
  const shown = can(useAuth().user, 'team.manage') ? [...tabs, teamTab] : tabs.filter((t) => !ADMIN_TABS.includes(t.value));
  return (
    <div className="settings-page">
      <PageHeader title="Configurações" description="Gerencie seu perfil profissional, notificações e a segurança da conta." />
      <Tabs value={tab} onValueChange={(value) => setTab(value as SettingsTab)}>
        <TabsList aria-label="Seções das configurações">
          {shown.map(({ value, label, Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon size={16} />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {shown.map(({ value, Content }) => (
          <TabsContent key={value} value={value}>
            <Content />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

