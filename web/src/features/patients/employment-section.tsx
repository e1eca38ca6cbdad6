import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EXPOSURE_STATUS_LABELS, type ExposureStatus } from '../../../../core/src/index';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { LoadingState } from '../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { paths } from '../../config/paths';
import { api, ApiError } from '../../lib/api-client';
import { formatDay } from '../../lib/dates';
import { toast } from '../../lib/toast';
import { useForm } from '../../lib/use-form';
import { companyKeys, companyOptionLabel, ExposureBadge, getCompany, listCompanies } from '../companies';
import { patientKeys } from './api';

/** Issue 19: one period of a worker's contract with a company (GET /api/patients/:id/employments). */
export interface Employment {
  id: string;
  patientId: string;
  companyId: string;
  companyName: string;
  companyCnpj: string | null;
  registration: string | null;
  jobTitle: string | null;
  sectorId: string | null;
  sectorName: string | null;
  gheId: string | null;
  gheName: string | null;
  exposureStatus: ExposureStatus | null;
  admissionDate: string;
  dismissalDate: string | null;
  startDate: string;
  endDate: string | null;
  current: boolean;
}

/** GET /api/patients/:id/programme: the worker in the hearing-conservation programme today (core computeSchedule). */
interface WorkerSchedule {
  today: string;
  exposed: boolean;
  state: 'em_dia' | 'vence_30' | 'vencido' | 'sem_referencia' | null;
  stateLabel: string | null;
  dueDate: string | null;
  reason: string | null;
  reasonLabel: string | null;
  exposureStart: string | null;
  lastExamDate: string | null;
}

const seg = encodeURIComponent;
const employmentsKey = (patientId: string) => [...patientKeys.detail(patientId), 'employments'] as const;
const scheduleKey = (patientId: string) => [...patientKeys.detail(patientId), 'programme'] as const;
const getSchedule = (patientId: string, signal?: AbortSignal) => api.get<WorkerSchedule>(`/patients/${seg(patientId)}/programme`, { signal });
const STATE_TONE: Record<NonNullable<WorkerSchedule['state']>, string> = { vencido: 'danger', vence_30: 'warning', sem_referencia: 'warning', em_dia: 'success' };

/** "Próxima audiometria" of an exposed worker, or why he is not in the programme (issue 19). */
function ProgrammeStatus({ patientId }: { patientId: string }) {
  const query = useQuery({ queryKey: scheduleKey(patientId), queryFn: ({ signal }) => getSchedule(patientId, signal) });
  if (query.isPending || query.isError) return null; // the employment itself is shown either way
  const s = query.data;
  if (!s.exposed) {
    return <p className="employment__note">Fora do programa de conservação auditiva: o GHE atual está abaixo do nível de ação, sem avaliação de ruído, ou não há vínculo ativo.</p>;
  }
  return (
    <section className="employment__programme" aria-label="Programa de conservação auditiva">
      <span className={`company-badge company-badge--${s.state ? STATE_TONE[s.state] : 'info'}`}>{s.stateLabel}</span>
      <span>
        {s.dueDate ? (
          <>
            Próxima audiometria: <strong>{formatDay(s.dueDate)}</strong>
            {s.reasonLabel ? ` (${s.reasonLabel.toLowerCase()})` : ''}
          </>
        ) : (
          'Nenhuma audiometria pendente: a demissão está coberta pelo último exame (até 120 dias antes).'
        )}
        {s.lastExamDate ? ` · último exame em ${formatDay(s.lastExamDate)}` : ' · nenhum exame registrado'}
      </span>
    </section>
  );
}
const listEmployments = (patientId: string, signal?: AbortSignal) => api.get<{ employments: Employment[] }>(`/patients/${seg(patientId)}/employments`, { signal });

type Mode = 'admit' | 'transfer' | 'edit' | 'dismiss';
const TITLES: Record<Mode, string> = { admit: 'Registrar admissão', transfer: 'Transferir setor/GHE', edit: 'Editar vínculo', dismiss: 'Registrar demissão' };

/**
 * "Vínculo empregatício" of the worker page (issue 19): the current contract(s) — empresa, matrícula,
 * cargo, setor, GHE with its exposure, admissão, demissão — and every period (a move of sector, GHE or
 * cargo closes one period and opens the next). Actions need 'workers.write'.
 */
export function EmploymentSection({ patientId, canWrite }: { patientId: string; canWrite: boolean }) {
  const query = useQuery({ queryKey: employmentsKey(patientId), queryFn: ({ signal }) => listEmployments(patientId, signal) });
  const [dialog, setDialog] = useState<{ mode: Mode; employment: Employment | null } | null>(null);
  const close = () => setDialog(null);

  const all = query.data?.employments ?? [];
  const current = all.filter((e) => e.current);
  const history = [...all].reverse();

  return (
    <Card
      title="Vínculo empregatício"
      description="Empresa, setor e GHE definem a exposição a ruído e o calendário das audiometrias (NR-7, Anexo II)."
      actions={canWrite && <Button onClick={() => setDialog({ mode: 'admit', employment: null })}>Registrar admissão</Button>}
    >
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState message="Erro ao carregar o vínculo empregatício. Tente novamente." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : all.length === 0 ? (
        <EmptyState title="Nenhum vínculo registrado" description="Registre a admissão do trabalhador na empresa, com setor e GHE, para acompanhá-lo no programa de conservação auditiva." />
      ) : (
        <div className="employment">
          <ProgrammeStatus patientId={patientId} />
          {current.length === 0 && <p className="employment__note">Sem vínculo ativo: o último contrato terminou.</p>}
          {current.map((e) => (
            <section key={e.id} className="employment__current" aria-label={`Vínculo atual com ${e.companyName}`}>
              <dl className="patient-facts">
                <div>
                  <dt>Empresa</dt>
                  <dd>
                    <Link to={paths.companyDetail.getHref(e.companyId)}>{e.companyName}</Link>
                  </dd>
                </div>
                <EmploymentFact label="Matrícula" value={e.registration} />
                <EmploymentFact label="Cargo" value={e.jobTitle} />
                <EmploymentFact label="Setor" value={e.sectorName} />
                <div>
                  <dt>GHE</dt>
                  <dd className={e.gheName ? 'employment__ghe' : 'patient-facts__empty'}>
                    {e.gheName ?? 'Não informado'}
                    {e.gheName && e.exposureStatus && <ExposureBadge status={e.exposureStatus} label={EXPOSURE_STATUS_LABELS[e.exposureStatus]} />}
                  </dd>
                </div>
                <EmploymentFact label="Admissão" value={formatDay(e.admissionDate)} />
                <EmploymentFact label="Demissão" value={e.dismissalDate ? formatDay(e.dismissalDate) : null} />
                <EmploymentFact label="Neste setor/GHE desde" value={formatDay(e.startDate)} />
              </dl>
              {canWrite && (
                <div className="employment__actions">
                  <Button variant="secondary" size="sm" onClick={() => setDialog({ mode: 'transfer', employment: e })}>
                    Transferir setor/GHE
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => setDialog({ mode: 'edit', employment: e })}>
                    Editar
                  </Button>
                  {!e.dismissalDate && (
                    <Button variant="ghost" size="sm" onClick={() => setDialog({ mode: 'dismiss', employment: e })}>
                      Registrar demissão
                    </Button>
                  )}
                </div>
              )}
            </section>
          ))}
          <h3 className="employment__subtitle">Histórico</h3>
          <div className="data-table__scroll">
            <table className="data-table employment__history">
              <caption className="visually-hidden">Histórico de vínculos e transferências</caption>
              <thead>
                <tr>
                  <th scope="col">Empresa</th>
                  <th scope="col">Setor / GHE</th>
                  <th scope="col">Cargo</th>
                  <th scope="col">De</th>
                  <th scope="col">Até</th>
                </tr>
              </thead>
              <tbody>
                {history.map((e) => (
                  <tr key={e.id}>
                    <td data-label="Empresa">{e.companyName}</td>
                    <td data-label="Setor / GHE">{[e.sectorName, e.gheName].filter(Boolean).join(' · ') || '-'}</td>
                    <td data-label="Cargo">{e.jobTitle || '-'}</td>
                    <td data-label="De">{formatDay(e.startDate)}</td>
                    <td data-label="Até">{e.endDate ? formatDay(e.endDate) : e.dismissalDate ? `${formatDay(e.dismissalDate)} (demissão)` : 'Atual'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      <Dialog open={dialog !== null} onOpenChange={(open) => !open && close()}>
        <DialogContent title={dialog ? TITLES[dialog.mode] : ''} description={dialog?.employment ? dialog.employment.companyName : 'Novo contrato com uma empresa'} size="md">
          {dialog && <EmploymentForm patientId={patientId} mode={dialog.mode} employment={dialog.employment} onDone={close} />}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function EmploymentFact({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={value ? undefined : 'patient-facts__empty'}>{value || 'Não informado'}</dd>
    </div>
  );
}

function initial(mode: Mode, e: Employment | null) {
  return {
    companyId: e?.companyId ?? '', registration: e?.registration ?? '', jobTitle: e?.jobTitle ?? '', sectorId: e?.sectorId ?? '', gheId: e?.gheId ?? '',
    admissionDate: e?.admissionDate ?? '', dismissalDate: e?.dismissalDate ?? '', date: '',
    mode,
  };
}
type Values = ReturnType<typeof initial>;
type Key = Exclude<keyof Values, 'mode'>;

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

function validate(v: Values) {
  const m: Partial<Record<Key, string>> = {};
  if (v.mode === 'admit' && !v.companyId) m.companyId = 'Escolha a empresa.';
  if ((v.mode === 'admit' || v.mode === 'edit') && !v.admissionDate) m.admissionDate = 'Informe a data de admissão.';
  if (v.mode === 'transfer' && !v.date) m.date = 'Informe a data da transferência.';
  if (v.mode === 'dismiss' && !v.dismissalDate) m.dismissalDate = 'Informe a data de demissão.';
  if (v.dismissalDate && v.admissionDate && v.dismissalDate < v.admissionDate) m.dismissalDate = 'A demissão não pode ser anterior à admissão.';
  const fields = Object.keys(m) as Key[];
  return fields.length ? { message: m[fields[0]!]!, fields, fieldMessages: m } : null;
}

function bodyOf(v: Values): Record<string, unknown> {
  const placement = { sectorId: v.sectorId || null, gheId: v.gheId || null, jobTitle: orNull(v.jobTitle) };
  if (v.mode === 'transfer') return { date: v.date, ...placement };
  if (v.mode === 'dismiss') return { dismissalDate: v.dismissalDate };
  const body = { registration: orNull(v.registration), ...placement, admissionDate: v.admissionDate, dismissalDate: v.dismissalDate || null };
  return v.mode === 'admit' ? { companyId: v.companyId, ...body } : body;
}

function fieldMessages(error: unknown): Partial<Record<Key, string>> {
  if (!(error instanceof ApiError)) return {};
  const out: Partial<Record<Key, string>> = {};
  for (const i of error.issues) out[i.path.split('.')[0] as Key] ??= i.message;
  return out;
}

/** Admission, transfer, correction or dismissal of one contract; sector and GHE come from the chosen company. */
function EmploymentForm({ patientId, mode, employment, onDone }: { patientId: string; mode: Mode; employment: Employment | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<Values, Key>(() => initial(mode, employment), {
    failureMessage: 'Não foi possível salvar o vínculo. Tente novamente.',
    validate,
    fieldMessagesOf: fieldMessages,
    focusInvalid: true,
    submit: async (v) => {
      const base = `/patients/${seg(patientId)}/employments`;
      if (mode === 'admit') await api.post(base, bodyOf(v));
      else if (mode === 'transfer') await api.post(`${base}/${seg(employment!.id)}/transfer`, bodyOf(v));
      else await api.put(`${base}/${seg(employment!.id)}`, bodyOf(v));
      await queryClient.invalidateQueries({ queryKey: patientKeys.all });
      await queryClient.invalidateQueries({ queryKey: companyKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['programme'] });
      toast.success(mode === 'admit' ? 'Admissão registrada.' : mode === 'transfer' ? 'Transferência registrada.' : mode === 'dismiss' ? 'Demissão registrada.' : 'Vínculo atualizado.');
      onDone();
    },
  });
  const v = form.values;
  const companies = useQuery({ queryKey: companyKeys.list(''), queryFn: ({ signal }) => listCompanies('', signal), enabled: mode === 'admit' });
  const company = useQuery({ queryKey: companyKeys.detail(v.companyId), queryFn: ({ signal }) => getCompany(v.companyId, signal), enabled: !!v.companyId && mode !== 'dismiss' });
  const ghes = (company.data?.ghes ?? []).filter((g) => !v.sectorId || !g.sectorId || g.sectorId === v.sectorId);
  const err = (k: Key) => form.fieldMessage(k);
  const placement = mode !== 'dismiss';

  return (
    <form className="employment-form" onSubmit={form.onSubmit} aria-label={TITLES[mode]} noValidate>
      {form.problem && <Banner variant="error">{form.problem.message}</Banner>}
      {mode === 'admit' && (
        <Field label="Empresa" required error={err('companyId')}>
          {(p) => (
            <Select {...p} {...form.text('companyId')} onChange={(e) => form.setValues((c) => ({ ...c, companyId: e.target.value, sectorId: '', gheId: '' }))}>
              <option value="">{companies.isPending ? 'Carregando empresas...' : 'Escolha a empresa'}</option>
              {companies.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {companyOptionLabel(c)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      {mode === 'transfer' && (
        <Field label="Data da transferência" required hint="O período atual termina nesta data e o novo começa nela." error={err('date')}>
          {(p) => <Input {...p} {...form.text('date')} type="date" />}
        </Field>
      )}
      {(mode === 'admit' || mode === 'edit') && (
        <Field label="Matrícula" error={err('registration')}>
          {(p) => <Input {...p} {...form.text('registration')} maxLength={60} />}
        </Field>
      )}
      {placement && (
        <>
          <Field label="Setor" error={err('sectorId')}>
            {(p) => (
              <Select {...p} {...form.text('sectorId')} disabled={form.busy || !v.companyId}>
                <option value="">{v.companyId ? 'Sem setor' : 'Escolha a empresa'}</option>
                {company.data?.sectors.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="GHE" error={err('gheId')}>
            {(p) => (
              <Select {...p} {...form.text('gheId')} disabled={form.busy || !v.companyId}>
                <option value="">{v.companyId ? 'Sem GHE' : 'Escolha a empresa'}</option>
                {ghes.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.name} — {g.exposureStatusLabel}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Cargo" error={err('jobTitle')}>
            {(p) => <Input {...p} {...form.text('jobTitle')} maxLength={200} />}
          </Field>
        </>
      )}
      {(mode === 'admit' || mode === 'edit') && (
        <Field label="Data de admissão" required error={err('admissionDate')}>
          {(p) => <Input {...p} {...form.text('admissionDate')} type="date" />}
        </Field>
      )}
      {mode !== 'transfer' && (
        <Field label="Data de demissão" required={mode === 'dismiss'} hint={mode === 'dismiss' ? 'Uma audiometria de até 120 dias antes cobre o exame demissional (NR-7, Anexo II).' : undefined} error={err('dismissalDate')}>
          {(p) => <Input {...p} {...form.text('dismissalDate')} type="date" />}
        </Field>
      )}
      <div className="employment-form__actions">
        <Button variant="secondary" disabled={form.busy} onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" loading={form.busy} loadingText="Salvando...">
          {mode === 'admit' ? 'Registrar admissão' : mode === 'transfer' ? 'Transferir' : mode === 'dismiss' ? 'Registrar demissão' : 'Salvar vínculo'}
        </Button>
      </div>
    </form>
  );
}
