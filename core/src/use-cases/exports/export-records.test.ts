import { describe, expect, it } from 'vitest';
import type { ExamExportSource, ExportFilters, ExportKind } from '../../ports/exam-export-source';
import { ExportRecords, NoReportsError } from './export-records';

/** A source that records what it was asked and writes one line per call into an array. */
function recordingSource(reportsAvailable: boolean) {
  const calls: Array<{ kind: ExportKind; organizationId: string; filters: ExportFilters }> = [];
  const source: ExamExportSource<string[]> = {
    reportsAvailable: async () => reportsAvailable,
    async write(kind, organizationId, filters, out) {
      calls.push({ kind, organizationId, filters });
      out.push(`${kind}:${organizationId}`);
      return 3;
    },
  };
  return { source, calls };
}

describe('ExportRecords', () => {
  it('opens an export, then streams it into the driver output with the filters', async () => {
    const { source, calls } = recordingSource(true);
    const opened = await new ExportRecords(source).open('org-1', 'exams', { company: 'acme', from: '2024-01-01' });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(calls).toEqual([]); // nothing read before the driver asks for the bytes
    const out: string[] = [];
    expect(await opened.value.writeTo(out)).toBe(3);
    expect(out).toEqual(['exams:org-1']);
    expect(calls).toEqual([{ kind: 'exams', organizationId: 'org-1', filters: { company: 'acme', from: '2024-01-01' } }]);
  });

  it('refuses a reports export where the laudo table does not exist yet, before any byte', async () => {
    const { source, calls } = recordingSource(false);
    const opened = await new ExportRecords(source).open('org-1', 'reports', {});
    expect(opened.ok).toBe(false);
    if (opened.ok) return;
    expect(opened.error).toBeInstanceOf(NoReportsError);
    expect(opened.error.code).toBe('REPORT.NONE');
    expect(opened.error.message).toBe('Ainda não há laudos neste banco');
    expect(calls).toEqual([]);
  });

  it('does not ask about laudos for the other kinds', async () => {
    const { source } = recordingSource(false);
    expect((await new ExportRecords(source).open('org-1', 'patients', {})).ok).toBe(true);
  });
});
