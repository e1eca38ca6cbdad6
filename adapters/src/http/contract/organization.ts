import { z } from 'zod';

/** PUT /api/organization: the laudo header (issue 14). The core checks the CNPJ digits and formats. */
export const updateOrganizationBody = z.object({
  name: z.string({ error: 'Informe o nome da clínica ou organização' }).max(200),
  cnpj: z.string().max(30).nullable().optional(),
  address: z.string().max(400).nullable().optional(),
  phone: z.string().max(40).nullable().optional(),
  email: z.string().max(200).nullable().optional(),
});
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBody>;

export const organizationResponse = z.object({
  id: z.string(),
  name: z.string(),
  /** 14 digits, or null. */
  cnpj: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** GET /api/organization/logo with the bearer token, when a logo was uploaded. */
  logoUrl: z.string().nullable(),
  logoMimeType: z.enum(['image/png', 'image/jpeg']).nullable(),
});
export type OrganizationResponse = z.infer<typeof organizationResponse>;
