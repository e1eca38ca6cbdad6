import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { toast } from '../../lib/toast';
import { TOKEN_PLACEHOLDER, WORKER_PLACEHOLDER, widgetSnippet } from './format';
import { WorkerCombobox, type PickedWorker } from './worker-combobox';

export async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copiado.`);
  } catch {
    toast.error('Não foi possível copiar automaticamente: selecione o texto e copie.');
  }
}

export interface WidgetSnippetProps {
  /** The token to write into the snippet; absent (an existing token is never shown again): a placeholder. */
  token?: string;
  /** A worker-scoped token serves only this worker: no picker. */
  fixedWorkerId?: string | null;
  /** Prefix of the element ids, unique on the page. */
  idPrefix: string;
}

/**
 * The copy-paste code of docs/widget.md §1 with the worker's id filled in: a worker picker (name
 * or CPF) puts the chosen worker's id into `patient="…"`, and the id itself can be copied.
 */
export function WidgetSnippet({ token, fixedWorkerId, idPrefix }: WidgetSnippetProps) {
  const [worker, setWorker] = useState<PickedWorker | null>(null);
  const workerId = fixedWorkerId ?? worker?.id;
  const snippet = widgetSnippet(window.location.origin, token ?? TOKEN_PLACEHOLDER, workerId ?? WORKER_PLACEHOLDER);
  return (
    <div className="integrations-snippet">
      {!fixedWorkerId && (
        <Field label="Trabalhador do widget" hint="Busque por nome ou CPF: o id dele entra no código abaixo.">
          {(p) => <WorkerCombobox {...p} value={worker} onChange={setWorker} />}
        </Field>
      )}
      {workerId && (
        <div className="integrations-created__block">
          <span className="integrations-created__label" id={`${idPrefix}-worker-label`}>
            ID do trabalhador{worker ? ` (${worker.name})` : ''}
          </span>
          <code className="integrations-created__code" aria-labelledby={`${idPrefix}-worker-label`} data-testid={`${idPrefix}-worker-id`}>
            {workerId}
          </code>
          <Button variant="secondary" size="sm" onClick={() => void copy(workerId, 'ID do trabalhador')}>
            Copiar ID
          </Button>
        </div>
      )}
      <div className="integrations-created__block">
        <span className="integrations-created__label" id={`${idPrefix}-snippet-label`}>
          Código para colar no portal
        </span>
        <pre className="integrations-created__code integrations-created__snippet" aria-labelledby={`${idPrefix}-snippet-label`} data-testid={`${idPrefix}-snippet`}>
          {snippet}
        </pre>
        <Button variant="secondary" size="sm" onClick={() => void copy(snippet, 'Código')}>
          Copiar código
        </Button>
      </div>
    </div>
  );
}
