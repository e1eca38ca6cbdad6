import { EXPOSURE_METRICS, EXPOSURE_STATUS_LABELS, exposureStatus, isExposed, type ExposureMetric, type NoiseExposure } from '../../../../core/src/index';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { ApiError } from '../../lib/api-client';
import { useForm } from '../../lib/use-form';
import type { Ghe, GheBody, Sector } from './api';
import { ExposureBadge } from './badges';
import { decimalOrNull, decimalText } from './format';

function toForm(g: Ghe | null) {
  const e = g?.exposure;
  return {
    name: g?.name ?? '', sectorId: g?.sectorId ?? '', description: g?.description ?? '', metric: (e?.metric ?? 'LAVG') as string,
    levelDbA: decimalText(e?.levelDbA), dosePercent: decimalText(e?.dosePercent), assessedAt: e?.assessedAt ?? '', source: e?.source ?? '',
    periodicityMonths: String(g?.periodicityMonths ?? 12),
  };
}
type Values = ReturnType<typeof toForm>;
type Key = keyof Values;

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The exposure as typed, or null when nothing of the assessment was filled in ("exposição não avaliada"). */
function exposureOf(v: Values): NoiseExposure | null {
  const levelDbA = decimalOrNull(v.levelDbA);
  const dosePercent = decimalOrNull(v.dosePercent);
  if (levelDbA === null && dosePercent === null && !v.assessedAt && !v.source.trim()) return null;
  return { metric: v.metric as ExposureMetric, levelDbA, dosePercent, assessedAt: orNull(v.assessedAt), source: orNull(v.source) };
}

export function toGheBody(v: Values): GheBody {
  return { name: v.name.trim(), sectorId: v.sectorId || null, description: orNull(v.description), exposure: exposureOf(v), periodicityMonths: Number(v.periodicityMonths) };
}

function validate(v: Values) {
  const messages: Partial<Record<Key, string>> = {};
  if (!v.name.trim()) messages.name = 'Informe o nome do GHE.';
  const level = decimalOrNull(v.levelDbA);
  if (level !== null && (!Number.isFinite(level) || level < 0 || level > 160)) messages.levelDbA = 'Nível em dB(A) entre 0 e 160.';
  const dose = decimalOrNull(v.dosePercent);
  if (dose !== null && (!Number.isFinite(dose) || dose < 0)) messages.dosePercent = 'Dose em % (0 ou mais).';
  const months = Number(v.periodicityMonths);
  if (!Number.isInteger(months) || months < 1 || months > 12) messages.periodicityMonths = 'Periodicidade de 1 a 12 meses.';
  const fields = Object.keys(messages) as Key[];
  return fields.length ? { message: messages[fields[0]!]!, fields, fieldMessages: messages } : null;
}

function fieldMessages(error: unknown): Partial<Record<Key, string>> {
  if (!(error instanceof ApiError)) return {};
  const out: Partial<Record<Key, string>> = {};
  for (const i of error.issues) {
    const key = (i.path.startsWith('exposure.') ? i.path.slice('exposure.'.length) : i.path.split('.')[0]) as Key;
    out[key] ??= i.message;
  }
  if (!out.name && /NAME|CONFLICT/.test(error.code)) out.name = error.message;
  return out;
}

export interface GheFormProps {
  ghe: Ghe | null;
  sectors: Sector[];
  onSave: (body: GheBody) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * A GHE and its noise exposure (issue 19): LAVG or NEN in dB(A), daily dose %, date and source of the
 * assessment, and the months between periodic audiometries. The status the server will compute
 * (NR-9 Anexo 1 action level 80 dB(A) / dose 50 %; NR-15 Anexo 1 limit 85 dB(A) / dose 100 %) is
 * previewed as it is typed.
 */
export function GheForm({ ghe, sectors, onSave, onCancel }: GheFormProps) {
  const form = useForm<Values, Key>(() => toForm(ghe), { failureMessage: 'Não foi possível salvar o GHE. Tente novamente.', validate, fieldMessagesOf: fieldMessages, focusInvalid: true, submit: (v) => onSave(toGheBody(v)) });
  const err = (k: Key) => form.fieldMessage(k);
  const exposure = exposureOf(form.values);
  const valid = exposure && [exposure.levelDbA, exposure.dosePercent].every((n) => n === null || Number.isFinite(n));
  const status = valid ? exposureStatus(exposure) : exposure ? null : 'nao_avaliado';
  const inProgramme = valid ? isExposed(exposure) : false;

  return (
    <form className="company-form" onSubmit={form.onSubmit} aria-label={ghe ? `Editar GHE ${ghe.name}` : 'Novo GHE'} noValidate>
      {form.problem && <Banner variant="error">{form.problem.message}</Banner>}
      <div className="company-form__grid">
        <Field label="Nome do GHE" required error={err('name')}>
          {(p) => <Input {...p} {...form.text('name')} maxLength={120} placeholder="GHE 03 — Prensas" />}
        </Field>
        <Field label="Setor" error={err('sectorId')}>
          {(p) => (
            <Select {...p} {...form.text('sectorId')}>
              <option value="">Sem setor</option>
              {sectors.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Descrição" error={err('description')} className="company-form__wide">
          {(p) => <Textarea {...p} {...form.text('description')} rows={2} maxLength={1000} />}
        </Field>
      </div>
      <fieldset className="company-form__fieldset" disabled={form.busy}>
        <legend>Exposição a ruído</legend>
        <div className="company-form__grid">
          <Field label="Métrica" hint="LAVG (NR-15) ou NEN (NHO 01)" error={err('metric')}>
            {(p) => (
              <Select {...p} {...form.text('metric')}>
                {EXPOSURE_METRICS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Nível dB(A)" error={err('levelDbA')}>
            {(p) => <Input {...p} {...form.text('levelDbA')} inputMode="decimal" placeholder="85,0" />}
          </Field>
          <Field label="Dose (%)" error={err('dosePercent')}>
            {(p) => <Input {...p} {...form.text('dosePercent')} inputMode="decimal" placeholder="100" />}
          </Field>
          <Field label="Data da avaliação" error={err('assessedAt')}>
            {(p) => <Input {...p} {...form.text('assessedAt')} type="date" />}
          </Field>
          <Field label="Fonte da avaliação" error={err('source')} className="company-form__wide">
            {(p) => <Input {...p} {...form.text('source')} maxLength={300} placeholder="PGR 2026, dosimetria" />}
          </Field>
          <Field label="Periodicidade (meses)" hint="12 pela NR-7; menos a critério do médico do PCMSO" required error={err('periodicityMonths')}>
            {(p) => <Input {...p} {...form.text('periodicityMonths')} type="number" min={1} max={12} step={1} />}
          </Field>
        </div>
        {status && (
          <p className="ghe-preview" role="status">
            <ExposureBadge status={status} label={EXPOSURE_STATUS_LABELS[status]} />
            {inProgramme ? 'No programa de conservação auditiva' : 'Fora do programa'}
          </p>
        )}
      </fieldset>
      <div className="company-form__actions">
        <Button variant="secondary" disabled={form.busy} onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" loading={form.busy} loadingText="Salvando...">
          {ghe ? 'Salvar GHE' : 'Cadastrar GHE'}
        </Button>
      </div>
    </form>
  );
}
