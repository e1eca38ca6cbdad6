import { requirePermission, type ForbiddenError } from '../../accounts/permissions';
import { InvalidOrganizationError, LOGO_MAX_BYTES, LogoTooLargeError, LogoUnsupportedTypeError, parseOrganizationHeader, sniffLogoType, type OrganizationHeaderInput } from '../../accounts/organization-header';
import { DomainError } from '../../shared/domain-error';
import type { Organization, OrganizationRepository } from '../../ports/account-ports';
import type { FileStorage } from '../../ports/file-storage';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from './session-policy';

export class OrganizationNotFoundError extends DomainError {
  readonly code = 'ORGANIZATION.NOT_FOUND';
  constructor(message = 'Organização não encontrada') {
    super(message);
  }
}

/** The organisation as Configurações → Clínica and the laudo header read it. */
export interface OrganizationSettings {
  readonly id: string;
  readonly name: string;
  readonly cnpj: string | null;
  readonly address: string | null;
  readonly phone: string | null;
  readonly email: string | null;
  readonly logo: { readonly mimeType: 'image/png' | 'image/jpeg'; readonly sha256: string } | null;
}

/** What the laudo prints in its header (LaudoDocument.clinic): the settings plus the logo bytes. */
export interface ClinicHeader {
  readonly name: string;
  readonly cnpj: string | null;
  readonly address: string | null;
  readonly phone: string | null;
  readonly email: string | null;
  readonly logo: { readonly mimeType: 'image/png' | 'image/jpeg'; readonly bytes: Uint8Array } | null;
}

const settingsOf = (o: Organization): OrganizationSettings => ({
  id: o.id, name: o.name, cnpj: o.cnpj ?? null, address: o.address ?? null, phone: o.phone ?? null, email: o.email ?? null,
  logo: o.logo ? { mimeType: o.logo.mimeType, sha256: o.logo.sha256 } : null,
});

/**
 * The clinic header of every laudo (issue 14, defect 9a): name, CNPJ (check digits), address,
 * phone and e-mail, and a PNG/JPEG logo ≤ 1 MB checked by its magic bytes and kept encrypted.
 */
export class ManageOrganization {
  constructor(private readonly d: { organizations: OrganizationRepository; storage: FileStorage }) {}

  async get(auth: AuthContext): Promise<Result<OrganizationSettings, OrganizationNotFoundError>> {
    const o = await this.d.organizations.findById(auth.organizationId);
    return o ? ok(settingsOf(o)) : err(new OrganizationNotFoundError());
  }

  async update(auth: AuthContext, input: OrganizationHeaderInput): Promise<Result<OrganizationSettings, OrganizationNotFoundError | InvalidOrganizationError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'team.manage');
    if (!allowed.ok) return allowed;
    const o = await this.d.organizations.findById(auth.organizationId);
    if (!o) return err(new OrganizationNotFoundError());
    const parsed = parseOrganizationHeader(input);
    if (!parsed.ok) return err(parsed.error);
    const next = { ...o, ...parsed.value };
    await this.d.organizations.update(next);
    return ok(settingsOf(next));
  }

  async setLogo(auth: AuthContext, bytes: Uint8Array): Promise<Result<OrganizationSettings, OrganizationNotFoundError | LogoTooLargeError | LogoUnsupportedTypeError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'team.manage');
    if (!allowed.ok) return allowed;
    if (bytes.length > LOGO_MAX_BYTES) return err(new LogoTooLargeError());
    const mimeType = sniffLogoType(bytes);
    if (!mimeType) return err(new LogoUnsupportedTypeError());
    const o = await this.d.organizations.findById(auth.organizationId);
    if (!o) return err(new OrganizationNotFoundError());
    const stored = await this.d.storage.put(o.id, bytes);
    const next = { ...o, logo: { storageKey: stored.key, mimeType, sha256: stored.sha256 } };
    await this.d.organizations.update(next);
    if (o.logo) await this.d.storage.delete(o.logo.storageKey).catch(() => undefined);
    return ok(settingsOf(next));
  }

  async deleteLogo(auth: AuthContext): Promise<Result<OrganizationSettings, OrganizationNotFoundError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'team.manage');
    if (!allowed.ok) return allowed;
    const o = await this.d.organizations.findById(auth.organizationId);
    if (!o) return err(new OrganizationNotFoundError());
    if (!o.logo) return ok(settingsOf(o));
    const next = { ...o, logo: null };
    await this.d.organizations.update(next);
    await this.d.storage.delete(o.logo.storageKey).catch(() => undefined);
    return ok(settingsOf(next));
  }

  async logo(auth: AuthContext): Promise<Result<{ mimeType: string; bytes: Uint8Array }, OrganizationNotFoundError>> {
    const header = await this.header(auth.organizationId);
    return header?.logo ? ok(header.logo) : err(new OrganizationNotFoundError('Logotipo não cadastrado'));
  }

  /** The laudo header of an organisation (undefined when it does not exist). */
  async header(organizationId: string): Promise<ClinicHeader | undefined> {
    const o = await this.d.organizations.findById(organizationId);
    if (!o) return undefined;
    const logo = o.logo ? { mimeType: o.logo.mimeType, bytes: await this.d.storage.read(o.logo.storageKey) } : null;
    return { name: o.name, cnpj: o.cnpj ?? null, address: o.address ?? null, phone: o.phone ?? null, email: o.email ?? null, logo };
  }
}
