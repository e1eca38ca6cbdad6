import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { AUDIOMETRY_PROCEDURE_CODE, EXAM_TYPE_LABELS, EXAM_TYPES, PROCEDURES_NEEDING_DESCRIPTION, UFS } from '../../../../core/src/index';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { IconTrash } from '../../components/ui/icons';
import { Input } from '../../components/ui/input';
import { RadioCards } from '../../components/ui/radio-cards';
import { Select } from '../../components/ui/select';
import { ApiError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useForm } from '../../lib/use-form';
import { useAuth } from '../auth';
import { createAso, esocialKeys, listEmployments, updateAso, type Aso, type AsoBody, type AsoResult, type EmploymentPeriod } from './api';
import { employmentLabel, periodOnDate, todayInBrazil } from './format';

interface ProcedureRow {
  key: number;
  code: string;
  date: string;
  description: string;
}

export interface AsoFormValues {
  asoDate: string;
  result: AsoResult | '';
  examType: string;
  employmentId: string;
  procedures: ProcedureRow[];
  physicianName: string;
  physicianCrm: string;
  physicianUf: string;
  coordinatorName: string;
  coordinatorCrm: string;
  coordinatorUf: string;
  coordinatorCpf: string;
}

/** The form's fields as the server names them in `issues[].path` (e.g. `physician.crm`, `otherProcedures.0.code`). */
type FieldKey = string;

const digits = (v: string) => v.replace(/\D/g, '');
const trimmed = (v: string) => v.trim();

function initialValues(aso: Aso | null, examType: string | null | undefined, user: ReturnType<typeof useAuth>['user']): AsoFormValues {
  if (aso) {
    return {
      asoDate: aso.asoDate,
      result: aso.result ?? '',
      examType: aso.examType,
      employmentId: aso.employmentId,
      procedures: aso.otherProcedures.map((p, i) => ({ key: i, code: p.code, date: p.date, description: p.description ?? '' })),
      physicianName: aso.physician.name,
      physicianCrm: aso.physician.crm,
      physicianUf: aso.physician.uf,
      coordinatorName: aso.coordinator?.name ?? '',
      coordinatorCrm: aso.coordinator?.crm ?? '',
      coordinatorUf: aso.coordinator?.uf ?? '',
      coordinatorCpf: aso.coordinator?.cpf ?? '',
    };
  }
  return {
    asoDate: todayInBrazil(),
    result: '',
    examType: examType ?? '',
    employmentId: '',
    procedures: [],
    // the physician issuing the ASO: the member's own name and CRM (profile)
    physicianName: user?.name ?? '',
    physicianCrm: user?.crm ?? '',
    physicianUf: user?.crmState ?? '',
    coordinatorName: '',
    coordinatorCrm: '',
    coordinatorUf: '',
    coordinatorCpf: '',
  };
}

/** The client-side checks, in the form's order (the server checks again and its messages land under the same fields). */
export function validateAso(v: AsoFormValues, hasEmployments: boolean) {
  const m: Record<FieldKey, string> = {};
  if (!v.asoDate) m.asoDate = 'Informe a data do ASO.';
  else if (v.asoDate > todayInBrazil()) m.asoDate = 'A data do ASO não pode ser futura (o eSocial exige data igual ou anterior à atual).';
  if (!v.result) m.result = 'Informe o resultado do ASO: apto ou inapto.';
  if (!v.examType) m.examType = 'Escolha o tipo de exame ocupacional.';
  if (!v.employmentId) m.employmentId = hasEmployments ? 'Escolha o vínculo (empresa e matrícula) do ASO.' : 'O trabalhador não tem vínculo com empresa: registre a admissão (CNPJ e matrícula) na página dele.';
  v.procedures.forEach((p, i) => {
    const code = p.code.trim();
    if (!/^\d{4}$/.test(code)) m[`otherProcedures.${i}.code`] = 'Código da Tabela 27 do eSocial com 4 dígitos.';
    else if (code === AUDIOMETRY_PROCEDURE_CODE) m[`otherProcedures.${i}.code`] = 'A audiometria (0281) já é informada pelo ASO: não a repita entre os outros procedimentos.';
    else if (PROCEDURES_NEEDING_DESCRIPTION.includes(code) && !p.description.trim()) m[`otherProcedures.${i}.description`] = `O procedimento ${code} exige uma descrição no eSocial.`;
    if (!p.date) m[`otherProcedures.${i}.date`] = 'Informe a data do procedimento.';
    else if (v.asoDate && p.date > v.asoDate) m[`otherProcedures.${i}.date`] = 'A data do procedimento não pode ser posterior à do ASO.';
  });
  if (!trimmed(v.physicianName)) m['physician.name'] = 'Informe o nome do médico emitente.';
  if (!trimmed(v.physicianCrm)) m['physician.crm'] = 'Informe o CRM do médico emitente.';
  if (!v.physicianUf) m['physician.uf'] = 'Informe a UF do CRM.';
  const coordinator = [v.coordinatorName, v.coordinatorCrm, v.coordinatorUf, v.coordinatorCpf].some((s) => s.trim() !== '');
  if (coordinator) {
    if (!trimmed(v.coordinatorName)) m['coordinator.name'] = 'Informe o nome do coordenador do PCMSO.';
    if (!trimmed(v.coordinatorCrm)) m['coordinator.crm'] = 'Informe o CRM do coordenador do PCMSO.';
    if (!v.coordinatorUf) m['coordinator.uf'] = 'Informe a UF do CRM do coordenador.';
    if (v.coordinatorCpf.trim() && digits(v.coordinatorCpf).length !== 11) m['coordinator.cpf'] = 'CPF do coordenador com 11 dígitos.';
  }
  const fields = Object.keys(m);
  return fields.length ? { message: m[fields[0]!]!, fields, fieldMessages: m } : null;
}

export function bodyOf(v: AsoFormValues): AsoBody {
  const coordinator = [v.coordinatorName, v.coordinatorCrm, v.coordinatorUf, v.coordinatorCpf].some((s) => s.trim() !== '');
  return {
    asoDate: v.asoDate,
    result: v.result as AsoResult,
    examType: v.examType,
    employmentId: v.employmentId,
    otherProcedures: v.procedures.map((p) => ({ code: p.code.trim(), date: p.date, description: p.description.trim() || null })),
    physician: { name: trimmed(v.physicianName), crm: trimmed(v.physicianCrm), uf: v.physicianUf },
    coordinator: coordinator
      ? { name: trimmed(v.coordinatorName), crm: trimmed(v.coordinatorCrm), uf: v.coordinatorUf, cpf: v.coordinatorCpf.trim() ? digits(v.coordinatorCpf) : null }
      : null,
  };
}

/** The fields this form shows (the server's issue paths). */
const FORM_FIELDS = /^(asoDate|result|examType|employmentId|otherProcedures\.\d+\.(code|date|description)|physician\.(name|crm|uf)|coordinator\.(name|crm|uf|cpf))$/;

/** The server's `issues[]` under their fields; a refusal about the employment (no CNPJ, no matrícula on that date) under the picker. */
function fieldMessages(error: unknown): Record<FieldKey, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<FieldKey, string> = {};
  for (const i of error.issues) if (i.path) out[i.path] ??= i.message;
  if (Object.keys(out).length === 0 && /EMPLOYMENT|REGISTRATION|CNPJ|MATRICULA/i.test(error.code)) out.employmentId = error.message;
  if (Object.keys(out).length === 0 && /DATE/i.test(error.code)) out.asoDate = error.message;
  return out;
}

export interface AsoFormProps {
  examId: string;
  patientId: string;
  /** The exam's occupational type (prefills the ASO's tpExameOcup). */
  examType?: string | null;
  /** The ASO being edited, or null for a new one. */
  aso: Aso | null;
  onDone: (saved: Aso) => void;
  onCancel: () => void;
}

/** "Emitir ASO" / "Editar ASO" (issue 21): the ASO of one audiometry, with the employment its S-2220 names. */
export function AsoForm({ examId, patientId, examType, aso, onDone, onCancel }: AsoFormProps) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const nextKey = useRef(1000);
  const employments = useQuery({ queryKey: esocialKeys.employments(patientId), queryFn: ({ signal }) => listEmployments(patientId, signal) });
  const periods: EmploymentPeriod[] = employments.data?.employments ?? [];
  // after the receipt, an edit is sent as a retification of the original event (indRetif 2 with its nrRecibo)
  const retification = aso !== null && (aso.event.status === 'exportado' || aso.event.status === 'recebido' || aso.event.status === 'retificacao_pendente' || aso.event.indRetif === 2);

  const form = useForm<AsoFormValues, FieldKey>(() => initialValues(aso, examType, user), {
    failureMessage: 'Não foi possível salvar o ASO. Tente novamente.',
    validate: (v) => validateAso(v, periods.length > 0),
    fieldMessagesOf: fieldMessages,
    focusInvalid: true,
    submit: async (v) => {
      const saved = aso ? await updateAso(aso.id, bodyOf(v)) : await createAso(examId, bodyOf(v));
      await queryClient.invalidateQueries({ queryKey: esocialKeys.all });
      toast.success(aso ? (saved.event.status === 'retificacao_pendente' ? 'ASO alterado: gere o S-2220 de retificação.' : 'ASO atualizado.') : 'ASO emitido.');
      onDone(saved);
    },
  });
  const v = form.values;
  const err = (k: FieldKey) => form.fieldMessage(k);
  // the server's issues about the records rather than this form (the worker's CPF): listed in the banner
  const unplaced = Object.entries(form.problem?.fieldMessages ?? {})
    .filter(([k, m]) => !FORM_FIELDS.test(k) && m && m !== form.problem?.message)
    .map(([, m]) => m as string);

  // the employment period in force on the ASO's date is chosen unless the user picked one
  const suggested = periodOnDate(periods, v.asoDate)?.id;
  const { set } = form;
  useEffect(() => {
    if (!v.employmentId && suggested) set('employmentId', suggested);
  }, [v.employmentId, suggested, set]);

  const setProcedure = (i: number, patch: Partial<ProcedureRow>) =>
    form.setValues((c) => ({ ...c, procedures: c.procedures.map((p, j) => (j === i ? { ...p, ...patch } : p)) }));
  const addProcedure = () => form.setValues((c) => ({ ...c, procedures: [...c.procedures, { key: nextKey.current++, code: '', date: c.asoDate, description: '' }] }));
  const removeProcedure = (i: number) => form.setValues((c) => ({ ...c, procedures: c.procedures.filter((_, j) => j !== i) }));

  return (
    <form className="aso-form" onSubmit={form.onSubmit} aria-label={aso ? 'Editar ASO' : 'Emitir ASO'} noValidate>
      {retification && (
        <Banner variant="warning" title="Evento já exportado">
          O S-2220 deste ASO já foi exportado. Ao salvar a alteração, será necessário gerar um evento de retificação (indRetif 2) com o número do recibo do
          envio original, e enviá-lo ao eSocial.
        </Banner>
      )}
      {form.problem && (
        <Banner variant="error">
          {form.problem.message}
          {unplaced.length > 0 && (
            <ul className="aso-form__unplaced">
              {unplaced.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </Banner>
      )}
      <div className="aso-form__row">
        <Field label="Data do ASO" required error={err('asoDate')}>
          {(p) => <Input {...p} {...form.text('asoDate')} type="date" />}
        </Field>
        <Field label="Tipo de exame ocupacional" required hint="tpExameOcup do S-2220 (NR-7, item 7.5.6)" error={err('examType')}>
          {(p) => (
            <Select {...p} {...form.text('examType')}>
              <option value="">Escolha o tipo</option>
              {EXAM_TYPES.map((t) => (
                <option key={t} value={t}>
                  {EXAM_TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <RadioCards<AsoResult>
        legend="Resultado"
        name="result"
        required
        columns={2}
        value={v.result}
        onChange={(value) => form.set('result', value)}
        disabled={form.busy}
        error={err('result')}
        options={[
          { value: 'apto', label: 'Apto' },
          { value: 'inapto', label: 'Inapto' },
        ]}
      />
      <Field
        label="Vínculo (empresa e matrícula)"
        required
        hint={employments.isError ? undefined : 'O S-2220 identifica o empregador pelo CNPJ e o trabalhador pelo CPF e pela matrícula.'}
        error={err('employmentId') ?? (employments.isError ? 'Erro ao carregar os vínculos do trabalhador. Tente novamente.' : undefined)}
      >
        {(p) => (
          <Select {...p} {...form.text('employmentId')} disabled={form.busy || employments.isPending}>
            <option value="">{employments.isPending ? 'Carregando vínculos...' : periods.length === 0 ? 'Nenhum vínculo registrado' : 'Escolha o vínculo'}</option>
            {periods.map((e) => (
              <option key={e.id} value={e.id}>
                {employmentLabel(e)}
              </option>
            ))}
          </Select>
        )}
      </Field>

      <fieldset className="aso-form__group">
        <legend className="ui-label">Outros procedimentos do ASO</legend>
        <p className="ui-field__hint">A audiometria (0281) entra no evento automaticamente. Acrescente os demais exames pelo código da Tabela 27 do eSocial.</p>
        {v.procedures.length > 0 && (
          <ul className="aso-form__procedures" aria-label="Outros procedimentos">
            {v.procedures.map((p, i) => (
              <li key={p.key} className="aso-form__procedure">
                <Field label={`Código (procedimento ${i + 1})`} required error={err(`otherProcedures.${i}.code`)}>
                  {(c) => (
                    <Input
                      {...c}
                      name={`otherProcedures.${i}.code`}
                      value={p.code}
                      inputMode="numeric"
                      maxLength={4}
                      disabled={form.busy}
                      onChange={(e) => setProcedure(i, { code: digits(e.target.value).slice(0, 4) })}
                    />
                  )}
                </Field>
                <Field label={`Data (procedimento ${i + 1})`} required error={err(`otherProcedures.${i}.date`)}>
                  {(c) => <Input {...c} type="date" name={`otherProcedures.${i}.date`} value={p.date} disabled={form.busy} onChange={(e) => setProcedure(i, { date: e.target.value })} />}
                </Field>
                <Field label={`Descrição (procedimento ${i + 1})`} error={err(`otherProcedures.${i}.description`)}>
                  {(c) => (
                    <Input {...c} name={`otherProcedures.${i}.description`} value={p.description} maxLength={200} disabled={form.busy} onChange={(e) => setProcedure(i, { description: e.target.value })} />
                  )}
                </Field>
                <Button variant="ghost" size="sm" className="aso-form__remove" onClick={() => removeProcedure(i)} disabled={form.busy} aria-label={`Remover procedimento ${i + 1}`}>
                  <IconTrash size={16} />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Button variant="secondary" size="sm" onClick={addProcedure} disabled={form.busy}>
          Adicionar procedimento
        </Button>
      </fieldset>

      <fieldset className="aso-form__group">
        <legend className="ui-label">Médico emitente do ASO</legend>
        <div className="aso-form__row aso-form__row--person">
          <Field label="Nome do médico" required error={err('physician.name')}>
            {(p) => <Input {...p} {...form.text('physicianName')} name="physician.name" maxLength={200} />}
          </Field>
          <Field label="CRM do médico" required error={err('physician.crm')}>
            {(p) => <Input {...p} {...form.text('physicianCrm')} name="physician.crm" maxLength={10} inputMode="numeric" />}
          </Field>
          <UfSelect label="UF do CRM do médico" value={v.physicianUf} name="physician.uf" disabled={form.busy} error={err('physician.uf')} required onChange={(uf) => form.set('physicianUf', uf)} />
        </div>
      </fieldset>

      <fieldset className="aso-form__group">
        <legend className="ui-label">Médico coordenador do PCMSO (opcional)</legend>
        <div className="aso-form__row aso-form__row--person">
          <Field label="Nome do coordenador" error={err('coordinator.name')}>
            {(p) => <Input {...p} {...form.text('coordinatorName')} name="coordinator.name" maxLength={200} />}
          </Field>
          <Field label="CRM do coordenador" error={err('coordinator.crm')}>
            {(p) => <Input {...p} {...form.text('coordinatorCrm')} name="coordinator.crm" maxLength={10} inputMode="numeric" />}
          </Field>
          <UfSelect label="UF do CRM do coordenador" value={v.coordinatorUf} name="coordinator.uf" disabled={form.busy} error={err('coordinator.uf')} onChange={(uf) => form.set('coordinatorUf', uf)} />
          <Field label="CPF do coordenador" error={err('coordinator.cpf')}>
            {(p) => <Input {...p} {...form.text('coordinatorCpf')} name="coordinator.cpf" maxLength={14} inputMode="numeric" />}
          </Field>
        </div>
      </fieldset>

      <div className="aso-form__actions">
        <Button variant="secondary" onClick={onCancel} disabled={form.busy}>
          Cancelar
        </Button>
        <Button type="submit" loading={form.busy} loadingText="Salvando...">
          {aso ? 'Salvar ASO' : 'Emitir ASO'}
        </Button>
      </div>
    </form>
  );
}

function UfSelect({ label, name, value, onChange, disabled, error, required }: { label: string; name: string; value: string; onChange: (uf: string) => void; disabled: boolean; error?: string; required?: boolean }) {
  return (
    <Field label={label} required={required} error={error}>
      {(p) => (
        <Select {...p} name={name} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
          <option value="">UF</option>
          {UFS.map((uf) => (
            <option key={uf} value={uf}>
              {uf}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
