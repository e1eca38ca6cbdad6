import { EXAM_TYPE_LABELS, EXAM_TYPES } from '../../../../../core/src/index';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';

/** Issue 19: the occupational type of an exam (NR-7 item 7.5.6), or 'Não informado'. */
export function examTypeText(read: object): string {
  const exam = read as { examType?: string | null; examTypeLabel?: string | null };
  if (exam.examTypeLabel) return exam.examTypeLabel;
  if (!exam.examType) return 'Não informado';
  return (EXAM_TYPE_LABELS as Record<string, string>)[exam.examType] ?? exam.examType;
}

/** "Tipo de exame": optional (the spec's flows keep working without it); '' = Não informado. */
export function ExamTypeSelect({ value, onChange, error, disabled }: { value: string; onChange: (value: string) => void; error?: string; disabled?: boolean }) {
  return (
    <Field label="Tipo de exame" hint="NR-7, item 7.5.6" error={error}>
      {(p) => (
        <Select {...p} name="examType" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
          <option value="">Não informado</option>
          {EXAM_TYPES.map((t) => (
            <option key={t} value={t}>
              {EXAM_TYPE_LABELS[t]}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
