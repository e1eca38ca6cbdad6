import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { IconBell, IconFileText, IconKey, IconLock, IconUser } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { LoadingState } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ClinicSettings } from './components/clinic-settings';
import { NotificationSettings } from './components/notification-settings';
import { ProfileSettings } from './components/profile-settings';
import { SecuritySettings } from './components/security-settings';
import './settings.css';

// Integrações (issue 9) lives in its own feature and chunk.
const IntegrationsSettings = lazy(() => import('../integrations').then((m) => ({ default: m.IntegrationsSettings })));

type SettingsTab = 'perfil' | 'clinica' | 'notificacoes' | 'seguranca' | 'integracoes';

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

/** /settings (spec §2): 'Configurações' with the tabs Perfil, Notificações and Segurança. Lazy-loaded. */
export default function SettingsPage() {
  useDocumentTitle('Configurações');
  const [tab, setTab] = useState<SettingsTab>('perfil');
  return (
    <div className="settings-page">
      <PageHeader title="Configurações" description="Gerencie seu perfil profissional, notificações e a segurança da conta." />
      <Tabs value={tab} onValueChange={(value) => setTab(value as SettingsTab)}>
        <TabsList aria-label="Seções das configurações">
          {tabs.map(({ value, label, Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon size={16} />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map(({ value, Content }) => (
          <TabsContent key={value} value={value}>
            <Content />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

