import { useState } from 'react';
import type { CreatedEmbedToken } from './api';
import { CreatedTokenDialog } from './created-token-dialog';
import { TokenForm } from './token-form';
import { TokenList } from './token-list';
import { Card } from '../../components/ui/card';
import { WidgetSnippet } from './widget-snippet';
import './integrations.css';

/**
 * Configurações › Integrações (issue 9): the embed tokens of the evolution widget, and the widget
 * code for a worker picked by name or CPF (issue 14). Default export, loaded lazily by the settings page.
 */
export default function IntegrationsSettings() {
  const [created, setCreated] = useState<CreatedEmbedToken | null>(null);
  return (
    <div className="integrations">
      <TokenList />
      <Card
        title="Código do widget"
        description="Escolha o trabalhador para obter o id e o código do widget. O token aparece só na criação: troque SEU_TOKEN_DE_INTEGRACAO pelo token que você copiou."
      >
        <WidgetSnippet idPrefix="snippet" />
      </Card>
      <TokenForm onCreated={setCreated} />
      <CreatedTokenDialog token={created} onClose={() => setCreated(null)} />
    </div>
  );
}
