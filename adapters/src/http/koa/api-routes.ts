import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import { parseOr400, UnsupportedMediaTypeError } from './request-errors';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** Who may call a route: a user session (default), an embed token (widget), or anyone. */
export type RouteAuth = 'bearer' | 'embed' | 'public';

/** One documented API route: its zod contract feeds both validation and the OpenAPI document. */
export interface RouteSpec<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, P extends z.ZodType = z.ZodType> {
  method: Method;
  /** Koa-style path below `/api`, e.g. `/patients/:id`. */
  path: string;
  summary: string;
  tag: string;
  /** Default `bearer`: the session is checked before the body, query or path is read (401 first). */
  auth?: RouteAuth;
  body?: B;
  /** The handler validates the body itself (e.g. one of several payload shapes); `body` only documents it. */
  bodyCheckedByHandler?: boolean;
  query?: Q;
  params?: P;
  responses: Record<number, { description: string; schema?: z.ZodType }>;
}

export interface ParsedInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
}

export interface ApiRoutesOptions {
  /** Checks the session (throws → 401); run before anything of the request is read on `bearer` routes. */
  authenticate?: (ctx: Context) => Promise<unknown>;
  /** Reads the JSON body (koa-body); run only on routes with a `body`, after authentication. */
  parseBody?: Middleware;
}

const hasRequestBody = (ctx: Context) => Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';

/**
 * Collects routes on a Koa router under `/api` and remembers their specs for OpenAPI. Order per request:
 * authenticate (private routes) → content type (JSON routes: 415 otherwise) → read the body → zod.
 */
export class ApiRoutes {
  readonly router = new Router({ prefix: '/api' });
  readonly specs: RouteSpec[] = [];

  constructor(private readonly options: ApiRoutesOptions = {}) {}

  add<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType>(
    spec: RouteSpec<B, Q, P>,
    handler: (ctx: Context, input: ParsedInput<z.infer<B>, z.infer<Q>, z.infer<P>>) => Promise<void> | void,
  ): this {
    this.specs.push(spec as unknown as RouteSpec);
    this.router[spec.method](spec.path, async (ctx) => {
      if ((spec.auth ?? 'bearer') === 'bearer' && this.options.authenticate) await this.options.authenticate(ctx as unknown as Context);
      if (spec.body && hasRequestBody(ctx as unknown as Context)) {
        if (!ctx.is('application/json')) throw new UnsupportedMediaTypeError();
        await this.options.parseBody?.(ctx as unknown as Parameters<Middleware>[0], async () => undefined);
      }
      const input = {
        body: spec.body && !spec.bodyCheckedByHandler ? parseOr400(spec.body, (ctx.request as { body?: unknown }).body ?? {}) : undefined,
        query: spec.query ? parseOr400(spec.query, ctx.query) : undefined,
        params: spec.params ? parseOr400(spec.params, ctx.params) : undefined,
      };
      await handler(ctx as unknown as Context, input as ParsedInput<z.infer<B>, z.infer<Q>, z.infer<P>>);
    });
    return this;
  }
}
