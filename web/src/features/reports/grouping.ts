import { reportTypeBadge, type Report } from './api';

export type Grouping = 'none' | 'patient' | 'company';

export interface ReportGroup {
  key: string;
  label: string;
  /** The patient's id for a patient group (the 'Análise Evolutiva' link); null otherwise. */
  patientId: string | null;
  reports: Report[];
}

export const NO_COMPANY = 'Sem Empresa';
export const UNKNOWN_PATIENT = 'Paciente Desconhecido';

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Spec §2: search by patient, doctor or type (the badge text or the raw type). */
export function filterReports(reports: readonly Report[], search: string): Report[] {
  const q = fold(search.trim());
  if (!q) return [...reports];
  return reports.filter((r) => [r.patientName, r.doctorName, r.finalizedBy?.name, r.type, reportTypeBadge(r.type)].some((v) => fold(v ?? '').includes(q)));
}

/**
 * Spec §2 report list: groups by patient (no id → 'Paciente Desconhecido') or by company (none →
 * 'Sem Empresa'), sorted by report count descending, ties by label.
 */
export function groupReports(reports: readonly Report[], by: Exclude<Grouping, 'none'>): ReportGroup[] {
  const groups = new Map<string, ReportGroup>();
  for (const r of reports) {
    let key: string;
    let label: string;
    let patientId: string | null = null;
    if (by === 'patient') {
      patientId = r.patientId || null;
      key = patientId ?? `unknown`;
      label = patientId ? r.patientName || UNKNOWN_PATIENT : UNKNOWN_PATIENT;
    } else {
      const company = r.patientCompany?.trim();
      key = company ? `c:${fold(company)}` : 'none';
      label = company || NO_COMPANY;
    }
    const group = groups.get(key) ?? { key, label, patientId, reports: [] };
    group.reports.push(r);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => b.reports.length - a.reports.length || a.label.localeCompare(b.label, 'pt-BR'));
}

/** Counters of spec §2: total, created this month (local calendar), unique patients. */
export function reportCounters(reports: readonly Report[], now = new Date()) {
  const thisMonth = reports.filter((r) => {
    const d = new Date(r.createdAt);
    return d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth();
  }).length;
  return { total: reports.length, thisMonth, uniquePatients: new Set(reports.map((r) => r.patientId || 'unknown')).size };
}
