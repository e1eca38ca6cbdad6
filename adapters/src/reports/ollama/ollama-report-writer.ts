import type { Narrative, ReportFacts, ReportWriter } from '../../../../core/src';
import { NARRATIVE_SYSTEM_PROMPT, narrativeUserPrompt } from './narrative-prompt';
import { narrativeFormat, narrativeSchema } from './narrative-schema';

export interface OllamaReportWriterOptions {
  /** OLLAMA_HOST, e.g. http://127.0.0.1:11434. */
  readonly host: string;
  /** OLLAMA_TEXT_MODEL, e.g. 'qwen2.5:7b-instruct'. */
  readonly model: string;
  /** OLLAMA_TEXT_TIMEOUT_MS: limit of the chat request. */
  readonly timeoutMs: number;
  /** How long Ollama keeps the model loaded (default '5m'). */
  readonly keepAlive?: string;
}

/**
 * Writes the laudo narrative with a local Ollama text model: temperature 0, a JSON-schema `format`,
 * only the facts in the prompt. Throws on any failure (down, 404, 503, timeout, truncated or
 * invalid JSON); WriteNarrative then checks the text against the facts or falls back to the template.
 */
export class OllamaReportWriter implements ReportWriter {
  readonly source: string;

  constructor(private readonly options: OllamaReportWriterOptions) {
    this.source = `ollama:${options.model}`;
  }

  async write(facts: ReportFacts): Promise<Narrative> {
    const { host, model, timeoutMs } = this.options;
    const { Ollama } = await import('ollama'); // loaded on first use, not with the server (start-up)
    const client = new Ollama({ host, fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }) });
    let response;
    try {
      response = await client.chat({
        model,
        messages: [
          { role: 'system', content: NARRATIVE_SYSTEM_PROMPT },
          { role: 'user', content: narrativeUserPrompt(facts) },
        ],
        format: narrativeFormat,
        stream: false,
        options: { temperature: 0 },
        keep_alive: this.options.keepAlive ?? '5m',
      });
    } catch (error) {
      throw new Error(describe(error, host, model, timeoutMs));
    }
    if (response.done_reason === 'length') throw new Error('resposta do modelo truncada (limite de tokens)');
    let json: unknown;
    try {
      json = JSON.parse(response.message?.content ?? '');
    } catch {
      throw new Error('a resposta do modelo não é um JSON válido');
    }
    const parsed = narrativeSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`a resposta do modelo não segue o esquema (${issue.path.join('.') || 'raiz'}: ${issue.message})`);
    }
    const n = parsed.data;
    return {
      interpretacao_exame: n.interpretacao_exame,
      ...(facts.audiometryType === 'nexo-causal' ? { nexo_conclusao: n.nexo_conclusao ?? '' } : {}),
      recomendacoes: n.recomendacoes,
      summary_text: n.summary_text,
      technical_justification: n.technical_justification,
      recommendations: n.recomendacoes,
    };
  }
}

function describe(error: unknown, host: string, model: string, timeoutMs: number): string {
  const name = error instanceof Error ? error.name : '';
  const status = (error as { status_code?: unknown }).status_code;
  if (name === 'TimeoutError' || name === 'AbortError') return `o modelo não respondeu em ${timeoutMs} ms`;
  if (status === 404) return `modelo "${model}" não encontrado no Ollama em ${host}`;
  if (status === 503) return 'Ollama ocupado (503)';
  if (typeof status === 'number') return `Ollama respondeu com erro ${status}`;
  if (error instanceof TypeError) return `Ollama não acessível em ${host}`;
  return `erro inesperado ao consultar o Ollama: ${error instanceof Error ? error.message : String(error)}`;
}
