import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { IconCheck } from '../../components/ui/icons';
import { Banner } from '../../components/ui/banner';
import type { CreatedEmbedToken } from './api';
import { copy, WidgetSnippet } from './widget-snippet';

/**
 * Shows the new token ONCE (it is stored hashed), with copy buttons and the widget snippet; for a
 * company token, a worker picker fills the snippet's worker id.
 */
export function CreatedTokenDialog({ token, onClose }: { token: CreatedEmbedToken | null; onClose: () => void }) {
  return (
    <Dialog open={token !== null} onOpenChange={(open) => !open && onClose()}>
      {token && (
        <DialogContent
          title="Token de integração criado"
          description={`"${token.name}" — copie o token agora: por segurança ele não será exibido novamente.`}
          size="lg"
          footer={
            <DialogClose asChild>
              <Button>
                <IconCheck size={16} />
                Já copiei
              </Button>
            </DialogClose>
          }
        >
          <div className="integrations-created">
            <div className="integrations-created__block">
              <span className="integrations-created__label" id="created-token-label">
                Token
              </span>
              <code className="integrations-created__code" aria-labelledby="created-token-label" data-testid="created-token">
                {token.token}
              </code>
              <Button variant="secondary" size="sm" onClick={() => void copy(token.token, 'Token')}>
                Copiar token
              </Button>
            </div>
            <WidgetSnippet key={token.id} token={token.token} fixedWorkerId={token.patientId} idPrefix="created" />
            {token.scope === 'company' && (
              <Banner variant="info">
                Escolha o trabalhador acima para preencher o id no código (ou troque <code>ID_DO_TRABALHADOR</code> pelo id). O widget responde apenas para
                trabalhadores da empresa do token e só a partir das origens autorizadas.
              </Banner>
            )}
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
