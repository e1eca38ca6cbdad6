import * as z from 'zod/mini';
import type { EmbeddedEvolution } from '../../core/src';
import type { WidgetOptions } from './options';

export type Evolution = EmbeddedEvolution;

export const NOT_FOUND_MESSAGE = 'Trabalhador não encontrado para este token';
const GENERIC_MESSAGE = 'Não foi possível carregar a evolução auditiva. Tente novamente mais tarde.';
const NETWORK_MESSAGE = 'Não foi possível conectar ao servidor do Limiar.';

const threshold = z.union([z.number(), z.null(), z.object({ nr: z.number() })]);
const earPairs = z.record(z.string(), z.object({ re: threshold, le: threshold }));
/** The fields the widget reads (server contract: adapters/src/http/contract/embed.ts). */
const evolutionShape = z.object({
  worker: z.object({ displayName: z.string(), sex: z.string() }),
  timeline: z.array(z.object({ date: z.string(), ptaRight: z.nullable(z.number()), ptaLeft: z.nullable(z.number()) })),
  status: z.object({
    hasWorsening: z.boolean(),
    alerts: z.array(z.string()),
    referenceDate: z.nullable(z.string()),
    lastClassification: z.nullable(z.object({ right: z.unknown(), left: z.unknown() })),
  }),
  latestAudiogram: z.nullable(z.object({ date: z.string(), audiogram: z.object({ air: earPairs, bone: earPairs }) })),
  rulesVersion: z.string(),
});

/** The pt-BR reason of an error body `{ message, issues }` (older servers: `{ error }`). */
function serverMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, error } = body as { message?: unknown; error?: unknown };
  if (typeof message === 'string' && message) return message;
  return typeof error === 'string' && error ? error : undefined;
}

export class WidgetLoadError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/**
 * `GET {apiBase}/api/embed/evolution/{patient}` with the embed token. Errors carry the server's
 * pt-BR text (revoked, expired, invalid token, refused origin: the server answers refusals with
 * CORS so they are readable here); 404 is always the worker message. Only a request that got no
 * response at all (server down, CORS missing) is the network message.
 */
export async function fetchEvolution(options: WidgetOptions, signal: AbortSignal): Promise<Evolution> {
  let response: Response;
  try {
    response = await fetch(`${options.apiBase}/api/embed/evolution/${encodeURIComponent(options.patient)}`, {
      headers: { Authorization: `Bearer ${options.token}`, Accept: 'application/json' },
      signal,
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new WidgetLoadError(0, NETWORK_MESSAGE);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 404) throw new WidgetLoadError(404, NOT_FOUND_MESSAGE);
  if (!response.ok) throw new WidgetLoadError(response.status, serverMessage(body) ?? GENERIC_MESSAGE);
  const parsed = z.safeParse(evolutionShape, body);
  if (!parsed.success) throw new WidgetLoadError(response.status, GENERIC_MESSAGE);
  return parsed.data as Evolution;
}
