import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { QueryFallback } from '../../../components/ui/query-fallback';
import { Switch } from '../../../components/ui/switch';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import {
  notificationPreferencesQueryKey,
  saveNotificationPreferences,
  useNotificationPreferences,
  type NotificationPreferences,
} from '../api/notification-preferences';

const SAVED_MESSAGE = 'Preferências de notificação salvas!';
const SAVE_FAILED_MESSAGE = 'Erro ao salvar preferências de notificação';
const LOAD_FAILED_MESSAGE = 'Erro ao carregar preferências de notificação';

const items: { key: keyof NotificationPreferences; label: string; description: string }[] = [
  { key: 'emailNotifications', label: 'Notificações por e-mail', description: 'Receba por e-mail os avisos da sua conta.' },
  { key: 'examAlerts', label: 'Alertas de exames', description: 'Avisos quando a leitura de um audiograma terminar ou precisar de revisão.' },
  { key: 'reportAlerts', label: 'Alertas de laudos', description: 'Avisos quando um laudo estiver pronto para revisão e assinatura.' },
  { key: 'systemUpdates', label: 'Atualizações do sistema', description: 'Novidades, melhorias e manutenções programadas do Limiar.' },
];

/** Notificações tab: four preferences stored server-side (product.md), spec §9 defaults. */
export function NotificationSettings() {
  const query = useNotificationPreferences();
  if (!query.isSuccess) return <QueryFallback query={query} errorMessage={LOAD_FAILED_MESSAGE} />;
  return <NotificationForm initial={query.data} />;
}

function NotificationForm({ initial }: { initial: NotificationPreferences }) {
  const queryClient = useQueryClient();
  const [preferences, setPreferences] = useState(initial);
  const [saving, setSaving] = useState(false);

  async function handleSave() {
    setSaving(true);
    try {
      const saved = await saveNotificationPreferences(preferences);
      const next = { ...preferences, ...saved };
      queryClient.setQueryData(notificationPreferencesQueryKey, next);
      setPreferences(next);
      toast.success(SAVED_MESSAGE);
    } catch (error) {
      toast.error(errorMessage(error, SAVE_FAILED_MESSAGE));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title="Preferências de notificação" description="Escolha quais avisos você quer receber.">
      <form
        className="settings-form"
        aria-label="Preferências de notificação"
        onSubmit={(event) => {
          event.preventDefault();
          void handleSave();
        }}
      >
        <div className="settings-switches">
          {items.map((item) => (
            <Switch
              key={item.key}
              name={item.key}
              label={item.label}
              description={item.description}
              checked={preferences[item.key]}
              onCheckedChange={(checked) => setPreferences((current) => ({ ...current, [item.key]: checked }))}
              disabled={saving}
            />
          ))}
        </div>
        <div className="settings-form__footer settings-form__footer--end">
          <Button type="submit" loading={saving} loadingText="Salvando...">
            Salvar preferências
          </Button>
        </div>
      </form>
    </Card>
  );
}
