/**
 * An employer of the organisation's workers (issue 19). `cnpj` is null only for companies created from a
 * typed name (the worker form, the CSV import without `cnpj`, or the migration of `companyName`):
 * they are flagged for completion (`needsCompletion`). A CNPJ is unique within the organisation.
 */
export interface Company {
  id: string;
  organizationId: string;
  /** Razão social (the name used everywhere a company is shown). */
  name: string;
  /** Nome fantasia. */
  tradeName: string | null;
  /** 14 characters, no mask (see Cnpj); null = not informed yet. */
  cnpj: string | null;
  address: string | null;
  /** CNAE subclass as typed (e.g. "2512-8/00"), optional. */
  cnae: string | null;
  /** Grau de risco of NR-4 (1..4), optional. */
  riskGrade: 1 | 2 | 3 | 4 | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const needsCompletion = (c: Pick<Company, 'cnpj'>): boolean => c.cnpj === null;

/** A sector (setor) of a company. */
export interface Sector {
  id: string;
  organizationId: string;
  companyId: string;
  name: string;
  createdAt: Date;
}

/** How the noise exposure of a GHE was measured: NR-15 Anexo 1 (LAVG, q = 5) or Fundacentro NHO-01 (NEN, q = 3). */
export const EXPOSURE_METRICS = ['LAVG', 'NEN'] as const;
export type ExposureMetric = (typeof EXPOSURE_METRICS)[number];

/** The noise assessment of a GHE (from the PGR / LTCAT): level, dose, when and by what. */
export interface NoiseExposure {
  metric: ExposureMetric;
  /** dB(A), one decimal. */
  levelDbA: number | null;
  /** Daily dose in % (100 = the limit). */
  dosePercent: number | null;
  /** ISO YYYY-MM-DD. */
  assessedAt: string | null;
  /** Source of the assessment (e.g. "PGR 2026, dosimetria"). */
  source: string | null;
}

/** A GHE (grupo homogêneo de exposição) of a company, optionally of one sector. */
export interface Ghe {
  id: string;
  organizationId: string;
  companyId: string;
  sectorId: string | null;
  /** Short code or name, unique within the company (e.g. "GHE 03 — Prensas"). */
  name: string;
  description: string | null;
  exposure: NoiseExposure | null;
  /**
   * Months between periodic audiometries: 12 (NR-7 Anexo II item 4.1 b) or shorter at the PCMSO
   * physician's discretion (item 4.2).
   */
  periodicityMonths: number;
  createdAt: Date;
  updatedAt: Date;
}

export const DEFAULT_PERIODICITY_MONTHS = 12;

/**
 * Action level and limit (docs/programme.md): NR-9 item 9.6.1 c sets the action level at half the dose;
 * NR-15 Anexo 1 sets 85 dB(A) for 8 h with a 5 dB exchange rate, so half the dose is 80 dB(A) LAVG.
 * NHO-01 (q = 3) puts the same half dose at 82 dB(A) NEN and the limit at 85 dB(A).
 */
export const NOISE_LIMITS: Record<ExposureMetric, { actionLevel: number; limit: number }> = {
  LAVG: { actionLevel: 80, limit: 85 },
  NEN: { actionLevel: 82, limit: 85 },
};
export const ACTION_DOSE_PERCENT = 50;
export const LIMIT_DOSE_PERCENT = 100;

export const EXPOSURE_STATUSES = ['acima_limite', 'acima_nivel_acao', 'abaixo_nivel_acao', 'nao_avaliado'] as const;
export type ExposureStatus = (typeof EXPOSURE_STATUSES)[number];

export const EXPOSURE_STATUS_LABELS: Record<ExposureStatus, string> = {
  acima_limite: 'Acima do limite de tolerância',
  acima_nivel_acao: 'Acima do nível de ação',
  abaixo_nivel_acao: 'Abaixo do nível de ação',
  nao_avaliado: 'Exposição não avaliada',
};

/**
 * Where an assessment stands. The dose decides when given (it is what NR-9 defines the action level
 * by); otherwise the level against the metric's thresholds. Reaching the action level counts as above
 * it (the programme errs on the side of testing). No level and no dose: not assessed.
 */
export function exposureStatus(e: NoiseExposure | null): ExposureStatus {
  if (!e) return 'nao_avaliado';
  if (e.dosePercent !== null) {
    if (e.dosePercent >= LIMIT_DOSE_PERCENT) return 'acima_limite';
    return e.dosePercent >= ACTION_DOSE_PERCENT ? 'acima_nivel_acao' : 'abaixo_nivel_acao';
  }
  if (e.levelDbA === null) return 'nao_avaliado';
  const { actionLevel, limit } = NOISE_LIMITS[e.metric];
  if (e.levelDbA >= limit) return 'acima_limite';
  return e.levelDbA >= actionLevel ? 'acima_nivel_acao' : 'abaixo_nivel_acao';
}

/** Workers of this GHE are in the hearing-conservation programme (NR-7 Anexo II item 2). */
export const isExposed = (e: NoiseExposure | null): boolean => {
  const s = exposureStatus(e);
  return s === 'acima_limite' || s === 'acima_nivel_acao';
};
