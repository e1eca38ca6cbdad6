/**
 * Every route of a running Limiar API, read from its own `/api/openapi.json`, so the reliability sweeps
 * cover a route added next month without anyone listing it by hand.
 */

/** A JSON Schema as produced by zod's `toJSONSchema` (OpenAPI 3.0 target); kept loose on purpose. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
  [key: string]: unknown;
}

/** Who may call a route (`x-limiar-auth` in the OpenAPI document). */
export type RouteAuth = 'bearer' | 'embed' | 'public';

export interface ApiRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI form, from the server root: `/api/patients/{id}`. */
  path: string;
  summary: string;
  tag: string;
  /** Names of the `{…}` segments, in order, with their schemas. */
  pathParams: { name: string; schema: JsonSchema }[];
  auth: RouteAuth;
  /** The JSON body's schema, when the route takes a JSON body. */
  body?: JsonSchema;
  /** The query string as one object schema (properties + required), when the route reads a query. */
  query?: JsonSchema;
  /** Documented status codes (`default` left out). */
  statuses: number[];
}

interface OpenApiOperation {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  'x-limiar-auth'?: RouteAuth;
  parameters?: { name: string; in: 'path' | 'query'; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, unknown>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  security?: Record<string, string[]>[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function authOf(op: OpenApiOperation, doc: OpenApiDocument): RouteAuth {
  if (op['x-limiar-auth']) return op['x-limiar-auth'];
  const security = op.security ?? doc.security ?? [];
  if (security.length === 0) return 'public';
  return security.some((s) => 'embedToken' in s) ? 'embed' : 'bearer';
}

/** The routes of an OpenAPI document, sorted by path then method. */
export function routesOf(doc: OpenApiDocument): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = op.parameters ?? [];
      const queryParams = params.filter((p) => p.in === 'query');
      routes.push({
        method,
        path,
        summary: op.summary ?? '',
        tag: op.tags?.[0] ?? '',
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        auth: authOf(op, doc),
        body: op.requestBody?.content?.['application/json']?.schema,
        query: queryParams.length
          ? {
              type: 'object',
              properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema])),
              required: queryParams.filter((p) => p.required).map((p) => p.name),
            }
          : undefined,
        statuses: Object.keys(op.responses ?? {}).filter((s) => /^\d{3}$/.test(s)).map(Number),
      });
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** Reads `/api/openapi.json` of a running server (e.g. `startTestServer().url`) and lists every route. */
export async function listApiRoutes(baseUrl: string): Promise<ApiRoute[]> {
  const response = await fetch(`${baseUrl}/api/openapi.json`);
  if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
  return routesOf((await response.json()) as OpenApiDocument);
}

/** `/api/patients/{id}` with `{ id: 'x' }` → `/api/patients/x` (values URL-encoded). */
export function fillPath(route: Pick<ApiRoute, 'path'>, values: Record<string, string>): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${route.path}`);
    return encodeURIComponent(value);
  });
}

/** A short label for reports: `POST /api/patients/{id}`. */
export const routeLabel = (route: Pick<ApiRoute, 'method' | 'path'>) => `${route.method.toUpperCase()} ${route.path}`;

/** Private routes: those that need a user session or an embed token. */
export const isPrivate = (route: Pick<ApiRoute, 'auth'>) => route.auth !== 'public';
