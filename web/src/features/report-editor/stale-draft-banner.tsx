import { useState } from 'react';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useCan } from '../auth';
import { refreshReport, type Report } from '../reports';

export interface StaleDraftBannerProps {
  report: Pick<Report, 'id' | 'status' | 'stale' | 'staleChanges'>;
  /** Called with the reorganised laudo (its draft, `keptEdits`). */
  onRefreshed: (report: Report) => void;
  /** Saves pending edits first, so the reorganisation keeps them; false stops it. */
  beforeRefresh?: () => Promise<boolean>;
}

/**
 * A draft organised from facts that changed since (issue 14 follow-up): says which parts of the
 * laudo no longer match the exam and offers "Reorganizar laudo" (POST /reports/{id}/refresh), which
 * keeps the professional's edited texts. Finalising is refused by the server until then.
 */
export function StaleDraftBanner({ report, onRefreshed, beforeRefresh }: StaleDraftBannerProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const canDraft = useCan('laudo.draft');
  if (report.status === 'Finalizado' || !report.stale) return null;
  const changes = report.staleChanges?.length ? report.staleChanges.join(', ') : 'dados do exame';

  async function refresh() {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      if (beforeRefresh && !(await beforeRefresh())) return;
      const updated = await refreshReport(report.id);
      onRefreshed(updated);
      toast.success('Laudo reorganizado com os dados atuais do exame.');
    } catch (e) {
      setFailure(errorMessage(e, 'Erro ao reorganizar laudo'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Banner
      variant="warning"
      title="O exame foi alterado depois que este laudo foi organizado"
      actions={
        canDraft && (
          <Button onClick={() => void refresh()} loading={busy} loadingText="Reorganizando...">
            Reorganizar laudo
          </Button>
        )
      }
    >
      <p>
        Mudou desde a organização: {changes}. O laudo ainda mostra os dados antigos e não pode ser finalizado até ser reorganizado. Os textos que
        você editou são mantidos para revisão.
      </p>
      {failure && (
        <p>
          <strong>{failure}</strong>
        </p>
      )}
    </Banner>
  );
}

/** After a reorganisation: which edited texts were kept and need a second look. */
export function KeptEditsBanner({ keptEdits }: { keptEdits: readonly string[] | undefined }) {
  if (!keptEdits?.length) return null;
  return (
    <Banner variant="info" title="Laudo reorganizado com os dados atuais do exame">
      Seus textos editados foram mantidos em: {keptEdits.join('; ')}. Revise-os: eles podem citar dados anteriores à alteração do exame.
    </Banner>
  );
}
