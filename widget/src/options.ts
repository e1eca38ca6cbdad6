import * as z from 'zod/mini';

/**
 * What a host gives the widget (`mount(element, options)` or the element's attributes). zod/mini
 * keeps the initial script small (the classic zod API would add ~50 kB gzip).
 */
export const widgetOptions = z.object({
  /** Origin of the Limiar server, e.g. `https://limiar.example.com` (no `/api`). */
  apiBase: z.url({ protocol: /^https?$/, error: 'api-base deve ser uma URL http(s), ex.: https://limiar.exemplo.com.br' }),
  /** An embed token (`lmr_emb_…`) created in Configurações › Integrações. */
  token: z.string().check(z.trim(), z.minLength(1, 'Informe o token de integração (atributo token)')),
  /** The worker's (patient's) id in Limiar. */
  patient: z.string().check(z.trim(), z.minLength(1, 'Informe o trabalhador (atributo patient)')),
});

export type WidgetOptions = z.infer<typeof widgetOptions>;
export type WidgetOptionsInput = z.input<typeof widgetOptions>;

/** Parses options; throws `TypeError` with the pt-BR reasons when they are invalid. */
export function parseOptions(input: unknown): WidgetOptions {
  const result = z.safeParse(widgetOptions, input);
  if (!result.success) throw new TypeError(`limiar-evolucao: ${result.error.issues.map((i) => i.message).join('; ')}`);
  return { ...result.data, apiBase: result.data.apiBase.replace(/\/+$/, '') };
}
