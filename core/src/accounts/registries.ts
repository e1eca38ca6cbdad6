/** Professional types (spec §3, product.md: `EngenheiroTrabalho` is accepted as an alias on input). */
export const PROFESSIONAL_TYPES = ['Medico', 'Fonoaudiologo', 'Engenheiro'] as const;
export type ProfessionalType = (typeof PROFESSIONAL_TYPES)[number];

/** Maps any accepted spelling to the canonical type, or undefined. */
export function canonicalProfessionalType(value: unknown): ProfessionalType | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  if (v === 'medico' || v === 'médico') return 'Medico';
  if (v === 'fonoaudiologo' || v === 'fonoaudiólogo') return 'Fonoaudiologo';
  if (v === 'engenheiro' || v === 'engenheirotrabalho') return 'Engenheiro';
  return undefined;
}

export const PROFESSIONAL_TYPE_LABELS: Record<ProfessionalType, string> = {
  Medico: 'Médico(a)',
  Fonoaudiologo: 'Fonoaudiólogo(a)',
  Engenheiro: 'Engenheiro(a) de Segurança do Trabalho',
};

/** The 27 Brazilian state codes, for CRM and CREA (spec §3). */
export const UFS = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;

/** CRFa regions and the states each covers (spec §3). */
export const CRFA_REGIONS = [
  { id: '1', label: '1ª Região', states: ['SP', 'MS', 'MT'] },
  { id: '2', label: '2ª Região', states: ['MG', 'ES'] },
  { id: '3', label: '3ª Região', states: ['PR', 'SC', 'RS'] },
  { id: '4', label: '4ª Região', states: ['PE', 'PB', 'RN', 'AL'] },
  { id: '5', label: '5ª Região', states: ['BA', 'SE'] },
  { id: '6', label: '6ª Região', states: ['DF', 'GO', 'TO', 'AM', 'RR', 'AC', 'RO', 'AP', 'PA'] },
  { id: '7', label: '7ª Região', states: ['RJ', 'MA', 'PI', 'CE'] },
] as const;

/** Specialization options of the profile-completion modal (spec §3). */
export const SPECIALIZATIONS = [
  'Audiologia', 'Otorrinolaringologia', 'Fonoaudiologia', 'Medicina do Trabalho', 'Clínica Geral', 'Outra',
] as const;

/** Which registry each type carries, and how it is printed (`CRM 123456/SP`, `CRFa 2-12345`, `CREA 123/SP`). */
export function registryLabel(p: {
  professionalType: ProfessionalType | null;
  crm?: string | null; crmState?: string | null;
  crfa?: string | null; crfaRegion?: string | null;
  crea?: string | null; creaState?: string | null;
}): string | undefined {
  if (p.professionalType === 'Medico' && p.crm) return `CRM ${p.crm}${p.crmState ? `/${p.crmState}` : ''}`;
  if (p.professionalType === 'Fonoaudiologo' && p.crfa) return `CRFa ${p.crfaRegion ? `${p.crfaRegion}-` : ''}${p.crfa}`;
  if (p.professionalType === 'Engenheiro' && p.crea) return `CREA ${p.crea}${p.creaState ? `/${p.creaState}` : ''}`;
  return undefined;
}
