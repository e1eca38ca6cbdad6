import { useState } from 'react';
import type { CreatedEmbedToken } from './api';
import { CreatedTokenDialog } from './created-token-dialog';
import { TokenForm } from './token-form';
import { TokenList } from './token-list';
import './integrations.css';

/**
 * Configurações › Integrações (issue 9): the embed tokens of the evolution widget. Default export,
 * loaded lazily by the settings page.
 */
export default function IntegrationsSettings() {
  const [created, setCreated] = useState<CreatedEmbedToken | null>(null);
  return (
    <div className="integrations">
      <TokenList />
      <TokenForm onCreated={setCreated} />
      <CreatedTokenDialog token={created} onClose={() => setCreated(null)} />
    </div>
  );
}
