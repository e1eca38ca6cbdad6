import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { deleteExam, examKeys, type Exam } from '../api';
import { formatDay } from '../format';

const MIN = 10;
const MAX = 500;

/**
 * Removes a wrong or duplicate exam after confirmation, with a mandatory reason (issue 14). The
 * server refuses it (409, shown here) while a finalised laudo depends on the exam; a draft laudo of
 * the exam is discarded with it; the rest of the history is reclassified.
 */
export function ExamDeleteDialog({ exam, open, onOpenChange }: { exam: Exam; open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const length = reason.trim().length;
  const valid = length >= MIN && length <= MAX;

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await deleteExam(exam.id, reason.trim());
      queryClient.removeQueries({ queryKey: examKeys.detail(exam.id) });
      await queryClient.invalidateQueries({ queryKey: examKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['patients'] });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      toast.success('Exame excluído. O histórico do trabalhador foi reclassificado.');
      navigate(paths.patientDetail.getHref(exam.patientId));
    } catch (err) {
      setError(errorMessage(err, 'Erro ao excluir o exame. Tente novamente.'));
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent
        title="Excluir exame"
        description={`Excluir o exame de ${formatDay(exam.date)} de ${exam.patientName}? Um rascunho de laudo deste exame também será descartado, e os demais exames do trabalhador serão reclassificados. Um registro da exclusão (quem, quando e o motivo) é mantido.`}
        size="md"
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={busy}>
                Cancelar
              </Button>
            </DialogClose>
            <Button variant="danger" loading={busy} loadingText="Excluindo..." disabled={!valid} onClick={() => void confirm()}>
              Excluir exame
            </Button>
          </>
        }
      >
        {error && <Banner variant="error">{error}</Banner>}
        <Field label="Motivo da exclusão" required hint={`De ${MIN} a ${MAX} caracteres (${length}/${MAX})`}>
          {(p) => <Textarea {...p} rows={4} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={MAX} disabled={busy} />}
        </Field>
      </DialogContent>
    </Dialog>
  );
}
