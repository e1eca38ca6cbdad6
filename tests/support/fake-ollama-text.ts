import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Ollama's /api/chat answering a text model (laudo narratives), as ollama-js 0.6.4
 * calls it (stack.md §9). The reply is whatever `reply` returns for the logged request; behaviours
 * simulate the failures. Requests are logged for shape assertions.
 */
export type FakeTextBehaviour = 'reply' | 'garbage' | 'truncated' | 'unknown-model' | 'busy' | 'hang';

export interface LoggedTextRequest {
  readonly path: string;
  readonly body: any;
}

export class FakeOllamaText {
  readonly requests: LoggedTextRequest[] = [];
  models = ['qwen2.5:7b-instruct'];
  behaviour: FakeTextBehaviour = 'reply';
  reply: (body: any) => unknown = () => ({});
  private readonly server = http.createServer((req, res) => void this.handle(req, res));

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get host(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : undefined;
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    this.requests.push({ path, body });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(value));
    };
    if (req.method !== 'POST' || path !== '/api/chat') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return void res.end('404 page not found');
    }
    if (!this.models.includes(body?.model) || this.behaviour === 'unknown-model') return json(404, { error: `model "${body?.model}" not found, try pulling it first` });
    if (this.behaviour === 'busy') return json(503, { error: 'server busy, please try again.  maximum pending requests exceeded' });
    if (this.behaviour === 'hang') return;
    const text = JSON.stringify(this.reply(body));
    const content = this.behaviour === 'garbage' ? 'Claro! Segue o laudo: o trabalhador está bem.' : this.behaviour === 'truncated' ? text.slice(0, text.length / 2) : text;
    json(200, {
      model: body.model, created_at: new Date().toISOString(), message: { role: 'assistant', content },
      done: true, done_reason: this.behaviour === 'truncated' ? 'length' : 'stop',
      total_duration: 900_000_000, load_duration: 10_000_000, prompt_eval_count: 700, prompt_eval_duration: 300_000_000, eval_count: 300, eval_duration: 500_000_000,
    });
  }
}
