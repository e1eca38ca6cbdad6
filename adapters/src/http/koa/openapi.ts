import { z } from 'zod';
import { errorBody } from '../contract/errors';
import type { RouteSpec } from './api-routes';

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any', io: 'input' });

/** Builds the OpenAPI 3.0 document from the zod contracts of the registered routes. */
export function buildOpenApi(specs: readonly RouteSpec[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of specs) {
    const path = `/api${spec.path.replace(/:(\w+)/g, '{$1}')}`;
    const parameters = [
      ...paramsOf(spec.params, 'path'),
      ...paramsOf(spec.query, 'query'),
    ];
    const responses: Record<string, unknown> = {};
    for (const [status, r] of Object.entries(spec.responses)) {
      responses[status] = r.schema
        ? { description: r.description, content: { 'application/json': { schema: jsonSchema(r.schema) } } }
        : { description: r.description };
    }
    responses.default = { description: 'Erro (mensagem em pt-BR)', content: { 'application/json': { schema: jsonSchema(errorBody) } } };
    const auth = spec.auth ?? 'bearer';
    (paths[path] ??= {})[spec.method] = {
      summary: spec.summary,
      tags: [spec.tag],
      security: auth === 'public' ? [] : [{ [auth === 'embed' ? 'embedToken' : 'bearer']: [] }],
      'x-limiar-auth': auth,
      ...(parameters.length ? { parameters } : {}),
      ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(spec.body) } } } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Limiar API', version, description: 'API de gestão de audiometria ocupacional. Erros: `{error, message, code, issues?}` em pt-BR.' },
    components: { securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      embedToken: { type: 'http', scheme: 'bearer', description: 'Token de integração do widget (não é uma sessão)' },
    } },
    security: [{ bearer: [] }],
    paths,
  };
}

function paramsOf(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
}
