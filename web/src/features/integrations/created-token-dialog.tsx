import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { IconCheck } from '../../components/ui/icons';
import { Banner } from '../../components/ui/banner';
import { toast } from '../../lib/toast';
import type { CreatedEmbedToken } from './api';
import { widgetSnippet } from './format';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copiado.`);
  } catch {
    toast.error('Não foi possível copiar automaticamente: selecione o texto e copie.');
  }
}

/** Shows the new token ONCE (it is stored hashed), with copy buttons and the widget snippet. */
export function CreatedTokenDialog({ token, onClose }: { token: CreatedEmbedToken | null; onClose: () => void }) {
  const origin = window.location.origin;
  const snippet = token ? widgetSnippet(origin, token.token, token.patientId ?? undefined) : '';
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
            <div className="integrations-created__block">
              <span className="integrations-created__label" id="created-snippet-label">
                Código para colar no portal
              </span>
              <pre className="integrations-created__code integrations-created__snippet" aria-labelledby="created-snippet-label">
                {snippet}
              </pre>
              <Button variant="secondary" size="sm" onClick={() => void copy(snippet, 'Código')}>
                Copiar código
              </Button>
            </div>
            {token.scope === 'company' && (
              <Banner variant="info">
                Troque <code>ID_DO_TRABALHADOR</code> pelo id do trabalhador no Limiar. O widget responde apenas para trabalhadores da empresa do token e só
                a partir das origens autorizadas.
              </Banner>
            )}
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
