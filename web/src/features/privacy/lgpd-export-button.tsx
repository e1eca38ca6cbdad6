import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { IconDownload } from '../../components/ui/icons';
import { toast } from '../../lib/toast';
import { useCan } from '../auth';
import { downloadLgpdExport } from './api';

/**
 * "Exportar dados (LGPD)" on the worker's page (issue 20, LGPD art. 18 II): a zip with every record,
 * original file and laudo PDF of the worker. Shown only to 'privacy.manage' (the administrator).
 */
export function LgpdExportButton({ patientId }: { patientId: string }) {
  const allowed = useCan('privacy.manage');
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;
  const run = async () => {
    setBusy(true);
    const id = toast.loading('Gerando a exportação dos dados...');
    try {
      await downloadLgpdExport(patientId);
      toast.success('Exportação baixada: dados.json, arquivos, laudos e LEIAME.txt.', { id });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Não foi possível gerar a exportação.', { id });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="secondary" onClick={() => void run()} loading={busy} loadingText="Exportando...">
      <IconDownload size={16} />
      Exportar dados (LGPD)
    </Button>
  );
}
