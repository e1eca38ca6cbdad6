import type { ReportResponse, reportVersionsResponse } from '../../../../adapters/src/http/contract/reports';
import type { z } from 'zod';
import { type ReportDraft, NEXO_LEVEL_LABEL, type NexoLevel } from '../../../../core/src/index';
import { fetchPage, queryString, type Page } from '../../components/data-table/fetch-page';
import { ApiError, api, clearToken, getToken } from '../../lib/api-client';
import { isPublicPathname, paths } from '../../config/paths';
import { codeForStatus, messageFor } from '../../i18n/error-messages';

/** A laudo as the API returns it (spec §3 Report + examId, examDate, finalisation and PDF hash). */
export type Report = ReportResponse;

/**
 * The stored draft (docs/laudo.md §2): both spec §3 draft shapes plus provenance. Read loosely:
 * an edited draft may lack keys, so every reader checks what it uses.
 */
export type Draft = Partial<Omit<ReportDraft, 'facts'>> & { facts?: unknown; [key: string]: unknown };

/** The four nexo levels (spec §1), most to least likely. */
export const NEXO_LEVELS = ['provavel', 'possivel', 'indeterminado', 'improvavel'] as const satisfies readonly NexoLevel[];
export type NexoLevelValue = NexoLevel;
/** Level labels as the laudo prints them (core report-labels). */
export const NEXO_LEVEL_LABELS: Record<NexoLevel, string> = NEXO_LEVEL_LABEL;

export const reportKeys = {
  all: ['reports'] as const,
  list: ['reports', 'list'] as const,
  detail: (id: string) => ['reports', 'detail', id] as const,
  byExam: (examId: string) => ['reports', 'exam', examId] as const,
  versions: (id: string) => ['reports', 'versions', id] as const,
};

export interface GenerateReportInput {
  audiometryType: 'simple' | 'nexo-causal';
  consultationType: string | null;
  consultationReason: string | null;
  nexoCausalData: {
    repousoAuditivo14h: string;
    trabalhouExpostoRuido: string;
    tempoExposicaoAnos: number;
    funcaoRuidosa: string;
    usoEPI: string;
  } | null;
}

/** Parses `draftJson`; a broken string reads as an empty draft rather than crashing a page. */
export function parseDraft(draftJson: string | null | undefined): Draft {
  if (!draftJson) return {};
  try {
    const value: unknown = JSON.parse(draftJson);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Draft) : {};
  } catch {
    return {};
  }
}

/** Every laudo of the organisation (most recent first; the list screen filters and groups locally). */
export const listReports = (signal?: AbortSignal): Promise<Page<Report>> => fetchPage<Report>(`/reports${queryString({ limit: 500 })}`, signal);

export const getReport = (id: string, signal?: AbortSignal) => api.get<Report>(`/reports/${encodeURIComponent(id)}`, { signal });

/** `GET /api/reports/exam/{examId}`: the exam's laudo, or null when none was generated yet. */
export const getReportByExam = async (examId: string, signal?: AbortSignal) =>
  (await api.get<Report | null>(`/reports/exam/${encodeURIComponent(examId)}`, { signal })) ?? null;

export const generateReport = (examId: string, input: GenerateReportInput) =>
  api.post<Report>(`/reports/generate/${encodeURIComponent(examId)}`, { ...input });

/** Saves an edited draft; a finalised laudo answers 409 with the server's pt-BR message. */
export const updateReportDraft = (id: string, draft: Draft) =>
  api.put<Report>(`/reports/${encodeURIComponent(id)}`, { draftJson: JSON.stringify(draft) });

/**
 * Reorganises a stale draft (its exam or the worker's history changed since it was organised) with
 * the current records; `keptEdits` names the fields where the professional's text was kept.
 */
export const refreshReport = (id: string) => api.post<Report>(`/reports/${encodeURIComponent(id)}/refresh`);

/** Draft → Finalizado: the server issues the PDF once (SHA-256 recorded); a stale draft answers 409. */
export const finalizeReport = (id: string) => api.post<Report>(`/reports/${encodeURIComponent(id)}/finalize`);

/**
 * `GET /api/reports/{id}/download` as a Blob: the PDF needs the bearer token, so it cannot be a
 * plain link. Errors carry the server's `error` text (spec §8 export messages).
 */
export async function downloadReportPdf(id: string): Promise<Blob> {
  const headers: Record<string, string> = { Accept: 'application/pdf' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/reports/${encodeURIComponent(id)}/download`, { headers });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', messageFor('NETWORK_ERROR'), false);
  }
  if (response.status === 401) {
    clearToken();
    if (!isPublicPathname(window.location.pathname)) window.location.replace(paths.login.getHref());
  }
  if (!response.ok) {
    let body: { error?: unknown; message?: unknown; code?: unknown } = {};
    try {
      body = (await response.json()) as typeof body;
    } catch {
      // not JSON: keep the status fallback
    }
    const server = typeof body.error === 'string' ? body.error : typeof body.message === 'string' ? body.message : undefined;
    const code = typeof body.code === 'string' ? body.code : codeForStatus(response.status);
    throw new ApiError(response.status, code, server ?? messageFor(code), server !== undefined);
  }
  return response.blob();
}

/**
 * Report list and detail (spec §2): open the laudo's PDF in a new tab through an object URL. The
 * tab is opened synchronously (inside the click) so pop-up blockers allow it, then pointed at the
 * blob once it arrived.
 */
export async function openReportPdf(report: Pick<Report, 'id' | 'pdfUrl'>): Promise<void> {
  if (!report.pdfUrl) {
    window.alert('PDF não disponível para este laudo.');
    return;
  }
  const tab = window.open('', '_blank');
  try {
    const blob = await downloadReportPdf(report.id);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.open(url, '_blank');
    // the tab keeps its own reference to the document once loaded
    window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch {
    tab?.close();
    window.alert('Erro ao abrir PDF. Tente novamente.');
  }
}

/** Report type labels (spec §2 list badge and wizard summary). */
export const reportTypeBadge = (type: string) => (type === 'nexo-causal' ? 'Nexo Causal' : 'Audiometria Simples');

const pad = (n: number) => String(n).padStart(2, '0');

/** dd/mm/aaaa of an ISO date or timestamp (a bare date is never shifted by time zone). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (bare) return `${bare[3]}/${bare[2]}/${bare[1]}`;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '-' : `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '-';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '-' : `${formatDate(value)} às ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const formatDb = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? '-' : `${value.toLocaleString('pt-BR', { maximumFractionDigits: 2 })} dB`;

/** One version of a laudo (issue 20): the first issue or an amendment, each with its own PDF and verification code. */
export type ReportVersion = z.infer<typeof reportVersionsResponse>['versions'][number];

/** pt-BR name of how a version is signed (as the API's verification page names it). */
export const SIGNATURE_KIND_LABELS: Record<'icp' | 'simples', string> = {
  icp: 'Assinatura digital ICP-Brasil (PAdES)',
  simples: 'Assinatura eletrônica simples',
};

/** The amendment reason's bounds, as the server checks them. */
export { AMENDMENT_REASON_MAX, AMENDMENT_REASON_MIN } from '../../../../core/src/index';

/** `GET /api/reports/{id}/versions`: every version of the laudo, oldest first. */
export const getReportVersions = async (id: string, signal?: AbortSignal): Promise<ReportVersion[]> =>
  (await api.get<{ versions?: ReportVersion[] }>(`/reports/${encodeURIComponent(id)}/versions`, { signal }))?.versions ?? [];

/** `POST /api/reports/{id}/amend {reason}` → the new draft version (n + 1); its exam can be corrected until it is finalised. */
export const amendReport = (id: string, reason: string) => api.post<Report>(`/reports/${encodeURIComponent(id)}/amend`, { reason });

/** `POST /api/reports/{id}/discard-amendment` → the version back in force (409 when the exam was corrected meanwhile). */
export const discardAmendment = (id: string) => api.post<Report>(`/reports/${encodeURIComponent(id)}/discard-amendment`);
