import { useState } from 'react';
import { getToken } from '../lib/api-client';
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
      const token = getToken();
      const res = await fetch(`${path}${params.size ? `?${params}` : ''}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        throw new Error(body?.message ?? 'Não foi possível exportar o CSV. Tente novamente.');
      }
      const blob = await res.blob();
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fileName;
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      toast.error(error instanceof Error && error.message !== 'Failed to fetch' ? error.message : 'Não foi possível exportar o CSV. Verifique sua conexão.');
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
