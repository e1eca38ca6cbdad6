import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCan } from '../../auth';
import { designateReference, examKeys, removeReferenceDesignation, type Exam } from '../api';
import { examRoleOf, referenceBasisText, str, type Classification } from '../../../lib/classification';
import { formatDate, formatDay } from '../format';

/** Server rule for the designation reason (PUT /api/exams/{id}/reference). */
const REASON_MIN = 10;
const REASON_MAX = 500;

function reasonError(reason: string): string | undefined {
  const length = reason.trim().length;
  if (length < REASON_MIN) return 'Informe o motivo (mínimo de 10 caracteres).';
  if (length > REASON_MAX) return 'O motivo deve ter no máximo 500 caracteres.';
  return undefined;
}

/** Link to another exam by its date; plain text for this exam or when the id is unknown. */
function ExamDate({ id, date, self }: { id: string | null; date: string | null; self: string }) {
  if (!date) return <>não definida</>;
  if (!id || id === self) return <>{formatDay(date)}</>;
  return <Link to={paths.examDetail.getHref(id)}>{formatDay(date)}</Link>;
}

/** Refreshes what a new reference changes: this exam, every later exam, the patient's list and evolution. */
function useReferenceMutation(exam: Exam, run: () => Promise<Exam>, success: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (updated) => {
      if (updated && typeof updated === 'object' && 'id' in updated) queryClient.setQueryData(examKeys.detail(exam.id), updated);
      toast.success(success);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: examKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['patients', 'detail', exam.patientId] }),
        queryClient.invalidateQueries({ queryKey: ['reports'] }),
      ]);
    },
  });
}

/**
 * "Exame de referência" (NR-7 Anexo II items 4.3.1 a and 5.5.1, Portaria 19/98 item 4.2.4, rule I12):
 * this exam's role, the reference it was compared with and why, the reference in force after it, and
 * the professional's designation of this exam as the reference (with a required reason).
 */
export function ReferenceSection({ exam, hasThresholds }: { exam: Exam; hasThresholds: boolean }) {
  const c = exam.classification as Classification;
  const role = examRoleOf(c);
  const designation = exam.referenceDesignation;
  // A reference exam's own designation reason may only be on the exam (older classification documents).
  const why = referenceBasisText(c.reference_basis, c.reference_designation_reason ?? (role === 'referencia' ? designation?.reason : undefined));
  const remove = useReferenceMutation(exam, () => removeReferenceDesignation(exam.id), 'Designação removida.');
  // designating the reference is a clinical judgement (issue 18: exams.designate-reference)
  const canDesignate = useCan('exams.designate-reference');

  return (
    <Card title="Exame de referência">
      <div className="reference-section">
        {role === 'sequencial' && (
          <p>
            Comparado com o exame de referência de <ExamDate id={str(c, 'reference_exam_id')} date={str(c, 'reference_date')} self={exam.id} />
            {why && ` (${why})`}
          </p>
        )}
        {role === 'referencia' && <p>Este é o exame de referência{why && ` (${why})`}</p>}
        {role === 'sem_limiares' && <p>Este exame não tem limiares: não é comparado nem usado como exame de referência.</p>}
        <p>
          Referência em vigor após este exame:{' '}
          <ExamDate id={str(c, 'new_reference_exam_id')} date={str(c, 'new_reference_date')} self={exam.id} />
          {c.new_reference_basis === 'designado' && ' (designado pelo profissional)'}
        </p>
        {designation ? (
          <div className="reference-section__designation">
            <p>
              Designado por {designation.designatedBy || 'profissional'} em {formatDate(designation.designatedAt)}: {designation.reason}
            </p>
            {remove.isError && (
              <Banner variant="error">{errorMessage(remove.error, 'Não foi possível remover a designação. Tente novamente.')}</Banner>
            )}
            {canDesignate && (
              <Button variant="secondary" loading={remove.isPending} onClick={() => remove.mutate()}>
                Remover designação
              </Button>
            )}
          </div>
        ) : (
          canDesignate && hasThresholds && role !== 'sem_limiares' && <DesignateDialog exam={exam} />
        )}
      </div>
    </Card>
  );
}

function DesignateDialog({ exam }: { exam: Exam }) {
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const designate = useReferenceMutation(exam, () => designateReference(exam.id, reason.trim()), 'Exame definido como referência.');
  const error = touched ? reasonError(reason) : undefined;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setReason('');
      setTouched(false);
      designate.reset();
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (reasonError(reason)) return;
    designate.mutate(undefined, { onSuccess: () => onOpenChange(false) });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Button onClick={() => setOpen(true)}>Definir como exame de referência</Button>
      <DialogContent
        title="Definir como exame de referência"
        description={`Os exames posteriores a ${formatDay(exam.date)} passam a ser comparados com este exame (a designação prevalece sobre a regra automática).`}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={designate.isPending}>
                Cancelar
              </Button>
            </DialogClose>
            <Button type="submit" form={formId} loading={designate.isPending}>
              Confirmar
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={submit} noValidate>
          {designate.isError && (
            <Banner variant="error">{errorMessage(designate.error, 'Não foi possível definir o exame de referência. Tente novamente.')}</Banner>
          )}
          <Field label="Motivo" required error={error} hint="Entre 10 e 500 caracteres; fica registrado com o exame.">
            {(p) => (
              <Textarea
                {...p}
                rows={4}
                maxLength={REASON_MAX}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                onBlur={() => reason && setTouched(true)}
              />
            )}
          </Field>
        </form>
      </DialogContent>
    </Dialog>
  );
}
