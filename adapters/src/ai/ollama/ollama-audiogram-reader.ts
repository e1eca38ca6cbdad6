import type { ChatResponse, Ollama } from 'ollama';
import { buildAudiogramReading, type AudiogramFile, type AudiogramReader, type ReadOutcome } from '../../../../core/src';
import { parseReadingCandidates } from '../reading-candidates';
import { AUDIOGRAM_SYSTEM_PROMPT, AUDIOGRAM_USER_PROMPT } from './prompt';
import { rasterisePdf } from '../pdf-raster/rasterise-pdf';
import { visionCandidates, visionIdentity, visionReadingFormat, visionReadingSchema } from './vision-reading-schema';

export interface OllamaAudiogramReaderOptions {
  /** OLLAMA_HOST, e.g. http://127.0.0.1:11434. */
  readonly host: string;
  /** OLLAMA_VISION_MODEL, e.g. 'qwen2.5vl:7b'. */
  readonly model: string;
  /** OLLAMA_TIMEOUT_MS: limit of each HTTP request to Ollama (a page read included). */
  readonly timeoutMs: number;
  /** How long Ollama keeps the model loaded after the request (default '5m'). */
  readonly keepAlive?: string;
  /** PDF pages sent at most, one request each (default 3). */
  readonly maxPages?: number;
  /** Resolution of rasterised PDF pages (default 110 dpi: an A4 page is about 910 × 1290 px). */
  readonly dpi?: number;
  /** pdftoppm binary (default from PATH). */
  readonly pdftoppm?: string;
}

type Stage = 'tags' | 'show' | 'chat';

/**
 * Reads audiogram images (and rasterised PDF pages) with a local vision model through Ollama.
 * The model's JSON is untrusted: parsed with zod, then snapped and checked by the core policy
 * (buildAudiogramReading); every point is at most medium confidence. No Ollama → `unavailable`.
 */
export class OllamaAudiogramReader implements AudiogramReader {
  readonly name: string;

  constructor(private readonly options: OllamaAudiogramReaderOptions) {
    this.name = `ollama:${options.model}`;
  }

  async read(file: AudiogramFile): Promise<ReadOutcome> {
    // Each request gets its own deadline: the client has no abort for non-streamed calls.
    const timeoutMs = this.options.timeoutMs;
    // the client is loaded on the first reading, not with the server (start-up, issue 16)
    const client = new (await import('ollama')).Ollama({
      host: this.options.host,
      fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
    });
    let stage: Stage = 'tags';
    try {
      await client.list();
      stage = 'show';
      const info = await client.show({ model: this.options.model });
      if (info.capabilities?.length && !info.capabilities.includes('vision')) {
        return { status: 'unavailable', reason: `O modelo "${this.options.model}" não aceita imagens; configure um modelo de visão (ex.: qwen2.5vl:7b).` };
      }
      const images = await this.images(file);
      if (!('pages' in images)) return images;
      stage = 'chat';
      let notAudiogram = 0;
      for (const image of images.pages) {
        const outcome = await this.readPage(client, image);
        if (outcome === 'not_audiogram') notAudiogram++;
        else return outcome;
      }
      return { status: 'not_applicable', reason: `O modelo não encontrou audiograma ${notAudiogram > 1 ? `nas ${notAudiogram} páginas` : 'na imagem'}.` };
    } catch (error) {
      return this.outcomeOfError(error, stage);
    }
  }

  private async images(file: AudiogramFile): Promise<{ pages: Uint8Array[] } | ReadOutcome> {
    if (file.mediaType !== 'application/pdf') return { pages: [file.bytes] };
    const raster = await rasterisePdf(file.bytes, {
      dpi: this.options.dpi ?? 110,
      maxPages: this.options.maxPages ?? 3,
      timeoutMs: this.options.timeoutMs,
      binary: this.options.pdftoppm,
    });
    if (raster.ok) return { pages: raster.pages };
    return { status: raster.missingTool ? 'unavailable' : 'failed', reason: raster.reason };
  }

  private async readPage(client: Ollama, image: Uint8Array): Promise<ReadOutcome | 'not_audiogram'> {
    const response: ChatResponse = await client.chat({
      model: this.options.model,
      messages: [
        { role: 'system', content: AUDIOGRAM_SYSTEM_PROMPT },
        { role: 'user', content: AUDIOGRAM_USER_PROMPT, images: [image] },
      ],
      format: visionReadingFormat,
      stream: false,
      options: { temperature: 0 },
      keep_alive: this.options.keepAlive ?? '5m',
    });
    if (response.done_reason === 'length' || response.done === false) {
      return { status: 'failed', reason: 'Resposta do modelo truncada (limite de tokens atingido); leitura descartada.' };
    }
    let json: unknown;
    try {
      json = JSON.parse(response.message?.content ?? '');
    } catch {
      return { status: 'failed', reason: 'A resposta do modelo não é um JSON válido.' };
    }
    const parsed = visionReadingSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { status: 'failed', reason: `A resposta do modelo não segue o esquema (${issue.path.join('.') || 'raiz'}: ${issue.message}).` };
    }
    if (!parsed.data.is_audiogram) return 'not_audiogram';
    const candidates = parseReadingCandidates(visionCandidates(parsed.data));
    if (!candidates.ok) return { status: 'failed', reason: candidates.reason };
    const reading = buildAudiogramReading(candidates.value, this.name);
    if (!reading.ok) return { status: 'failed', reason: `Leitura do modelo rejeitada: ${reading.error.message}` };
    const identity = visionIdentity(parsed.data);
    return { status: 'read', reading: identity ? { ...reading.value, identity } : reading.value };
  }

  private outcomeOfError(error: unknown, stage: Stage): ReadOutcome {
    const { host, model, timeoutMs } = this.options;
    const name = error instanceof Error ? error.name : '';
    const status = (error as { status_code?: unknown }).status_code;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return stage === 'chat'
        ? { status: 'failed', reason: `O modelo não respondeu em ${timeoutMs} ms; leitura interrompida.` }
        : { status: 'unavailable', reason: `Ollama em ${host} não respondeu em ${timeoutMs} ms.` };
    }
    if (status === 404) {
      return { status: 'unavailable', reason: `Modelo "${model}" não encontrado no Ollama em ${host} (instale com "ollama pull ${model}").` };
    }
    if (status === 503) return { status: 'failed', reason: 'Ollama ocupado (503); tente novamente mais tarde.' };
    if (typeof status === 'number') {
      return { status: 'failed', reason: `Ollama respondeu com erro ${status}: ${error instanceof Error ? error.message : ''}`.trim() };
    }
    if (error instanceof TypeError) {
      // fetch() rejects with a TypeError ("fetch failed") when the connection is refused or reset.
      return { status: 'unavailable', reason: `Ollama não acessível em ${host}.` };
    }
    return { status: 'failed', reason: `Erro inesperado ao consultar o Ollama: ${error instanceof Error ? error.message : String(error)}` };
  }
}
