import { lazy, Suspense, useState } from 'react';
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

/** /settings (spec §2): 'Configurações' with the tabs Perfil, Notificações and Segurança. Lazy-loaded. */
export default function SettingsPage() {
  useDocumentTitle('Configurações');
  const [tab, setTab] = useState<SettingsTab>('perfil');
  return (
    <div className="settings-page">
      <PageHeader title="Configurações" description="Gerencie seu perfil profissional, notificações e a segurança da conta." />
      <Tabs value={tab} onValueChange={(value) => setTab(value as SettingsTab)}>
        <TabsList aria-label="Seções das configurações">
          <TabsTrigger value="perfil">
            <IconUser size={16} />
            Perfil
          </TabsTrigger>
          <TabsTrigger value="clinica">
            <IconFileText size={16} />
            Clínica
          </TabsTrigger>
          <TabsTrigger value="notificacoes">
            <IconBell size={16} />
            Notificações
          </TabsTrigger>
          <TabsTrigger value="seguranca">
            <IconLock size={16} />
            Segurança
          </TabsTrigger>
          <TabsTrigger value="integracoes">
            <IconKey size={16} />
            Integrações
          </TabsTrigger>
        </TabsList>
        <TabsContent value="perfil">
          <ProfileSettings />
        </TabsContent>
        <TabsContent value="clinica">
          <ClinicSettings />
        </TabsContent>
        <TabsContent value="notificacoes">
          <NotificationSettings />
        </TabsContent>
        <TabsContent value="seguranca">
          <SecuritySettings />
        </TabsContent>
        <TabsContent value="integracoes">
          <Suspense fallback={<LoadingState />}>
            <IntegrationsSettings />
          </Suspense>
        </TabsContent>
      </Tabs>
    </div>
  );
}
