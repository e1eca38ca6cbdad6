import { useQueryClient } from '@tanstack/react-query';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useForm } from '../../../lib/use-form';
import { examKeys, updateExam, type Exam } from '../api';
import { todayIso } from '../format';
import { ExamTypeSelect } from './exam-type-select';

const text = (v: string | null | undefined) => v ?? '';
const numText = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v).replace('.', ','));

function toForm(e: Exam) {
  return {
    date: e.date, operatorName: text(e.operatorName), operatorRegistration: text(e.operatorRegistration), operatorCrm: text(e.operatorCrm),
    operatorCrmState: text(e.operatorCrmState), transducer: text(e.transducer), calibrationDate: text(e.calibrationDate),
    ambientNoiseDb: numText(e.ambientNoiseDb), acousticRestHours: numText(e.acousticRestHours), observacoes: text(e.observacoes),
    anamnese: text(e.anamnese), meatoscopiaOd: text(e.meatoscopia?.od), meatoscopiaOe: text(e.meatoscopia?.oe), mascaramento: text(e.mascaramento),
    examType: (e as { examType?: string | null }).examType ?? '',
    srtRe: numText(e.speechTest?.srtRe), srtLe: numText(e.speechTest?.srtLe), wrsRe: numText(e.speechTest?.wrsRe), wrsLe: numText(e.speechTest?.wrsLe),
  };
}
type Form = ReturnType<typeof toForm>;

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The corrections; `examType` only when it changed (absent = kept), so the body stays what it was for exams whose type is untouched. */
function toBody(f: Form, original: Form) {
  return {
    ...(f.examType !== original.examType ? { examType: f.examType || null } : {}),
    date: f.date, operatorName: blankToNull(f.operatorName), operatorRegistration: blankToNull(f.operatorRegistration),
    operatorCrm: blankToNull(f.operatorCrm), operatorCrmState: blankToNull(f.operatorCrmState.toUpperCase()), transducer: blankToNull(f.transducer),
    calibrationDate: blankToNull(f.calibrationDate), ambientNoiseDb: blankToNull(f.ambientNoiseDb), acousticRestHours: blankToNull(f.acousticRestHours),
    observacoes: blankToNull(f.observacoes), anamnese: blankToNull(f.anamnese), mascaramento: blankToNull(f.mascaramento),
    meatoscopia: { od: blankToNull(f.meatoscopiaOd), oe: blankToNull(f.meatoscopiaOe) },
    speechTest: { srtRe: blankToNull(f.srtRe), srtLe: blankToNull(f.srtLe), wrsRe: blankToNull(f.wrsRe), wrsLe: blankToNull(f.wrsLe) },
  };
}

/** Server issue paths → form keys (meatoscopia.od → meatoscopiaOd, speechTest.srtRe → srtRe). */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const i of error.issues) {
    const key = i.path.startsWith('meatoscopia.') ? `meatoscopia${i.path.endsWith('od') ? 'Od' : 'Oe'}` : i.path.replace(/^speechTest\./, '');
    out[key] ??= i.message;
  }
  return out;
}

/**
 * Corrects an exam's record (issue 14): date, operator, equipment, conditions, observations,
 * clinical fields and speech audiometry. Thresholds keep their own grid. A new date reclassifies
 * the worker's history (the server does it).
 */
export function ExamEditForm({ exam, onDone }: { exam: Exam; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm(() => toForm(exam), {
    failureMessage: 'Erro ao atualizar o exame. Tente novamente.',
    fieldMessagesOf: fieldErrors,
    keepBusyOnSuccess: true,
    submit: async (values) => {
      const saved = await updateExam(exam.id, toBody(values, toForm(exam)));
      queryClient.setQueryData(examKeys.detail(exam.id), saved);
      await queryClient.invalidateQueries({ queryKey: examKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['patients'] });
      toast.success(saved.date !== exam.date ? 'Exame atualizado. O histórico do trabalhador foi reclassificado.' : 'Exame atualizado com sucesso!');
      onDone();
    },
  });
  const saving = form.busy;
  const errors = form.problem?.fieldMessages ?? {};
  const bind = (key: keyof Form) => ({ value: form.values[key], onChange: (e: { target: { value: string } }) => form.set(key, e.target.value) });

  const field = (key: keyof Form, label: string, props: Record<string, unknown> = {}) => (
    <Field label={label} error={errors[key]} required={key === 'date'}>
      {(p) => <Input {...p} {...bind(key)} {...props} />}
    </Field>
  );
  const area = (key: keyof Form, label: string, max: number, wide = true) => (
    <Field label={label} error={errors[key]} className={wide ? 'exam-edit__wide' : undefined} hint={`Até ${max} caracteres`}>
      {(p) => <Textarea {...p} {...bind(key)} maxLength={max} />}
    </Field>
  );

  return (
    <Card title="Editar dados do exame" description="Os limiares são corrigidos na grade do audiograma. Alterar a data reclassifica o histórico do trabalhador.">
      <form className="exam-edit" onSubmit={form.onSubmit} aria-label="Editar dados do exame">
        {form.problem && <Banner variant="error">{form.problem.message}</Banner>}
        <fieldset className="exam-edit__fields" disabled={saving}>
          <legend className="exam-edit__legend">Exame e operador</legend>
          {field('date', 'Data do exame', { type: 'date', max: todayIso() })}
          <ExamTypeSelect value={form.values.examType} onChange={(v) => form.set('examType', v)} error={errors.examType} />
          {field('operatorName', 'Operador', { maxLength: 200 })}
          {field('operatorRegistration', 'Registro do operador', { maxLength: 100 })}
          {field('operatorCrm', 'CRM', { maxLength: 40 })}
          {field('operatorCrmState', 'UF do CRM', { maxLength: 2 })}
        </fieldset>
        <fieldset className="exam-edit__fields" disabled={saving}>
          <legend className="exam-edit__legend">Equipamento e condições</legend>
          {field('transducer', 'Transdutor', { maxLength: 60 })}
          {field('calibrationDate', 'Data de calibração', { type: 'date', max: todayIso() })}
          {field('ambientNoiseDb', 'Ruído ambiente (dB)', { inputMode: 'decimal' })}
          {field('acousticRestHours', 'Repouso acústico (horas)', { inputMode: 'decimal' })}
        </fieldset>
        <fieldset className="exam-edit__fields" disabled={saving}>
          <legend className="exam-edit__legend">Dados clínicos</legend>
          {area('anamnese', 'Anamnese', 5000)}
          {area('meatoscopiaOd', 'Meatoscopia OD', 300, false)}
          {area('meatoscopiaOe', 'Meatoscopia OE', 300, false)}
          {area('mascaramento', 'Mascaramento', 500)}
          {field('srtRe', 'SRT/LRF OD (dB)', { inputMode: 'decimal' })}
          {field('srtLe', 'SRT/LRF OE (dB)', { inputMode: 'decimal' })}
          {field('wrsRe', 'IPRF OD (%)', { inputMode: 'decimal' })}
          {field('wrsLe', 'IPRF OE (%)', { inputMode: 'decimal' })}
          {area('observacoes', 'Observações', 5000)}
        </fieldset>
        <div className="exam-edit__actions">
          <Button variant="secondary" disabled={saving} onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={saving} loadingText="Salvando...">
            Salvar Alterações
          </Button>
        </div>
      </form>
    </Card>
  );
}
