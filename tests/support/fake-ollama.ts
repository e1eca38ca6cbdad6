import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Ollama speaking its real HTTP API (/api/chat with stream:false, /api/tags, /api/show,
 * /api/version), as ollama-js 0.6.4 calls it (stack.md §9). Each /api/chat answers with the next
 * queued behaviour (the last one repeats), and every request is logged for shape assertions.
 */
export type FakeBehaviour =
  | 'good' // the configured reply, as JSON in message.content
  | 'garbage' // prose instead of JSON
  | 'out-of-range' // the reply with one value at 150 dB HL
  | 'off-grid' // the reply with every number moved 3 dB off the 5 dB grid
  | 'missing-ear' // the reply without the "left" key
  | 'empty-ear' // the reply with no points for the left ear
  | 'not-audiogram' // is_audiogram false
  | 'truncated' // half the JSON, done_reason "length"
  | 'unknown-model' // 404 {"error":"model … not found"} on /api/chat
  | 'busy' // 503 {"error":"server busy …"}
  | 'hang'; // never answers /api/chat

export interface FakeVisionPoint { frequency_hz: number; threshold_db_hl: number | null; no_response: boolean }
export interface FakeVisionReply {
  is_audiogram: boolean;
  right: { air: FakeVisionPoint[]; bone: FakeVisionPoint[] };
  left: { air: FakeVisionPoint[]; bone: FakeVisionPoint[] };
  patient?: { name: string | null; cpf: string | null; birth_date: string | null } | null;
}

export interface LoggedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: any;
}

const p = (frequency_hz: number, threshold_db_hl: number | null, no_response = false): FakeVisionPoint => ({ frequency_hz, threshold_db_hl, no_response });
/** A plausible answer: mild noise notch at 4 kHz on the right, no response at 8 kHz on the left. */
export const DEFAULT_VISION_REPLY: FakeVisionReply = {
  is_audiogram: true,
  right: { air: [p(500, 15), p(1000, 15), p(2000, 20), p(3000, 35), p(4000, 50), p(6000, 40), p(8000, 25)], bone: [p(500, 10), p(1000, 15)] },
  left: { air: [p(500, 20), p(1000, 20), p(2000, 25), p(3000, 30), p(4000, 45), p(6000, 45), p(8000, 110, true)], bone: [] },
};

export class FakeOllama {
  readonly requests: LoggedRequest[] = [];
  installedModels: { name: string; capabilities: string[] }[] = [{ name: 'qwen2.5vl:7b', capabilities: ['completion', 'vision'] }];
  reply: FakeVisionReply = DEFAULT_VISION_REPLY;
  private queue: FakeBehaviour[] = ['good'];
  private readonly server = http.createServer((req, res) => void this.handle(req, res));

  /** Starts on 127.0.0.1 with a free port. */
  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get host(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Behaviours of the next /api/chat calls, in order; the last one repeats. */
  behave(...behaviours: FakeBehaviour[]): void {
    this.queue = behaviours.length ? behaviours : ['good'];
    this.requests.length = 0;
  }

  chatRequests(): LoggedRequest[] {
    return this.requests.filter((r) => r.path === '/api/chat');
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections(); // hanging requests included
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : undefined;
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    this.requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(value));
    };
    const model = this.installedModels.find((m) => m.name === body?.model);
    const notFound = () => json(404, { error: `model "${body?.model}" not found, try pulling it first` });

    if (req.method === 'GET' && path === '/api/version') return json(200, { version: '0.12.6' });
    if (req.method === 'GET' && path === '/api/tags') {
      return json(200, { models: this.installedModels.map((m) => ({ name: m.name, model: m.name, modified_at: '2026-01-10T12:00:00Z', size: 6_000_000_000, digest: 'sha256:0', details: DETAILS })) });
    }
    if (req.method === 'POST' && path === '/api/show') {
      if (!model) return notFound();
      return json(200, { license: '', modelfile: '', parameters: 'temperature 0.1', template: '{{ .Prompt }}', details: DETAILS, model_info: {}, capabilities: model.capabilities, modified_at: '2026-01-10T12:00:00Z' });
    }
    if (req.method === 'POST' && path === '/api/chat') {
      const behaviour = this.queue.length > 1 ? this.queue.shift()! : this.queue[0];
      if (!model || behaviour === 'unknown-model') return notFound();
      if (behaviour === 'busy') return json(503, { error: 'server busy, please try again.  maximum pending requests exceeded' });
      if (behaviour === 'hang') return; // the client's timeout must end it
      const content = contentFor(behaviour, this.reply);
      return json(200, {
        model: body.model, created_at: new Date().toISOString(), message: { role: 'assistant', content },
        done: true, done_reason: behaviour === 'truncated' ? 'length' : 'stop',
        total_duration: 1_200_000_000, load_duration: 10_000_000, prompt_eval_count: 900, prompt_eval_duration: 400_000_000, eval_count: 250, eval_duration: 700_000_000,
      });
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('404 page not found');
  }
}

const DETAILS = { parent_model: '', format: 'gguf', family: 'qwen25vl', families: ['qwen25vl'], parameter_size: '8.3B', quantization_level: 'Q4_K_M' };

function contentFor(behaviour: FakeBehaviour, reply: FakeVisionReply): string {
  const copy: FakeVisionReply = structuredClone(reply);
  switch (behaviour) {
    case 'garbage': return 'Sure! The right ear looks normal and the left ear shows a mild loss at 4 kHz.';
    case 'out-of-range': copy.right.air[0].threshold_db_hl = 150; return JSON.stringify(copy);
    case 'off-grid':
      for (const ear of [copy.right, copy.left]) for (const pt of [...ear.air, ...ear.bone]) if (pt.threshold_db_hl !== null && !pt.no_response) pt.threshold_db_hl += 3;
      return JSON.stringify(copy);
    case 'missing-ear': { const { left: _left, ...rest } = copy; return JSON.stringify(rest); }
    case 'empty-ear': copy.left = { air: [], bone: [] }; return JSON.stringify(copy);
    case 'not-audiogram': return JSON.stringify({ is_audiogram: false, right: { air: [], bone: [] }, left: { air: [], bone: [] } });
    case 'truncated': { const text = JSON.stringify(copy); return text.slice(0, Math.floor(text.length / 2)); }
    default: return JSON.stringify(copy);
  }
}
