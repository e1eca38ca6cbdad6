import { useState } from 'react';
import { downloadFile } from '../lib/download';
import { toast } from '../lib/toast';
import { Button } from './ui/button';

export interface ExportCsvButtonProps {
  /** API path of the export, e.g. `/api/exams/export.csv`. */
  path: string;
  /** The list's current filters (q, patientId, company, from, to); empty values are left out. */
  filters?: Record<string, string | undefined>;
  /** File name offered when the server sends none. */
  fileName: string;
}

/**
 * 'Exportar CSV': downloads the list as a CSV for Excel pt-BR through fetch with the bearer token
 * (a plain link cannot send it), then saves it through a temporary object URL. A failure is a toast.
 */
export function ExportCsvButton({ path, filters = {}, fileName }: ExportCsvButtonProps) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const params = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => !!e[1]?.trim()));
      await downloadFile(`${path}${params.size ? `?${params}` : ''}`, fileName, { refused: 'Não foi possível exportar o CSV. Tente novamente.', offline: 'Não foi possível exportar o CSV. Verifique sua conexão.' });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Não foi possível exportar o CSV. Verifique sua conexão.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="secondary" size="sm" onClick={() => void download()} disabled={busy} aria-busy={busy}>
      {busy ? 'Exportando...' : 'Exportar CSV'}
    </Button>
  );
}
