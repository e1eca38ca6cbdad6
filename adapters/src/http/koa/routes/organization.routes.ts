import type { Context } from 'koa';
import { DomainError, LOGO_MAX_BYTES, type Authenticate, type ManageOrganization, type OrganizationSettings } from '../../../../../core/src';
import { organizationResponse, updateOrganizationBody, type OrganizationResponse } from '../../contract/organization';
import type { ApiRoutes } from '../api-routes';
import { requireAuth } from '../auth';
import { unwrap } from '../request-errors';

export interface OrganizationDeps {
  authenticate: Authenticate;
  organization: ManageOrganization;
}

class LogoBodyError extends DomainError {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

export function toOrganizationResponse(o: OrganizationSettings): OrganizationResponse {
  return {
    id: o.id, name: o.name, cnpj: o.cnpj, address: o.address, phone: o.phone, email: o.email,
    // the hash in the URL lets the browser cache one logo and fetch a new one after a change
    logoUrl: o.logo ? `/api/organization/logo?v=${o.logo.sha256.slice(0, 12)}` : null, logoMimeType: o.logo?.mimeType ?? null,
  };
}

/** The raw request body, stopped at 1 MB + 1 byte (the logo limit). */
async function readLogoBody(ctx: Context): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > LOGO_MAX_BYTES) throw new LogoBodyError('UPLOAD.TOO_LARGE', 'O logotipo é muito grande. Tamanho máximo: 1 MB.');
    chunks.push(chunk);
  }
  if (size === 0) throw new LogoBodyError('UPLOAD.INVALID', 'Envie a imagem do logotipo no corpo da requisição (PNG ou JPEG).');
  return new Uint8Array(Buffer.concat(chunks, size));
}

/** Configurações → Clínica: the header printed on every laudo (issue 14, defect 9a). */
export function organizationRoutes(routes: ApiRoutes, d: OrganizationDeps): void {
  const tag = 'Organização';
  const auth = (ctx: Context) => requireAuth(ctx, d.authenticate);

  routes.add({ method: 'get', path: '/organization', tag, summary: 'Dados da clínica impressos no cabeçalho dos laudos', responses: { 200: { description: 'ok', schema: organizationResponse } } },
    async (ctx) => {
      ctx.body = toOrganizationResponse(unwrap(await d.organization.get(await auth(ctx))));
    });

  routes.add({ method: 'put', path: '/organization', tag, summary: 'Altera nome, CNPJ (dígitos verificadores), endereço, telefone e e-mail da clínica', body: updateOrganizationBody, responses: { 200: { description: 'ok', schema: organizationResponse }, 400: { description: 'Dados inválidos' } } },
    async (ctx, { body }) => {
      ctx.body = toOrganizationResponse(unwrap(await d.organization.update(await auth(ctx), body)));
    });

  routes.add({ method: 'get', path: '/organization/logo', tag, summary: 'O logotipo da clínica (PNG ou JPEG)', responses: { 200: { description: 'image/png ou image/jpeg' }, 404: { description: 'Sem logotipo' } } },
    async (ctx) => {
      const logo = unwrap(await d.organization.logo(await auth(ctx)));
      ctx.type = logo.mimeType;
      ctx.set('Cache-Control', 'private, max-age=86400');
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.body = Buffer.from(logo.bytes);
    });

  routes.add({ method: 'put', path: '/organization/logo', tag, summary: 'Envia o logotipo: corpo = a imagem PNG ou JPEG (≤ 1 MB, tipo conferido pelos bytes iniciais; SVG recusado)', responses: { 200: { description: 'ok', schema: organizationResponse }, 413: { description: 'Maior que 1 MB' }, 415: { description: 'Não é PNG nem JPEG' } } },
    async (ctx) => {
      const who = await auth(ctx);
      ctx.body = toOrganizationResponse(unwrap(await d.organization.setLogo(who, await readLogoBody(ctx))));
    });

  routes.add({ method: 'delete', path: '/organization/logo', tag, summary: 'Remove o logotipo', responses: { 200: { description: 'ok', schema: organizationResponse } } },
    async (ctx) => {
      ctx.body = toOrganizationResponse(unwrap(await d.organization.deleteLogo(await auth(ctx))));
    });
}
