import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { thresholdGridProblem } from '../../../../core/src/index';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { ExamTypeSelect } from './components/exam-type-select';
import { Input, Textarea } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { createExam, examKeys, listPatientOptions, type EntryFormPayload } from './api';
import { AIR_FREQUENCIES, BONE_FREQUENCIES, frequencyLabel, type AudiogramValues, type WireThreshold } from '../../components/audiogram/audiogram-data';
import { todayIso } from './format';
import { RequirePermission } from '../auth';
import './exams.css';

const AudiogramChart = lazy(() => import('../../components/audiogram/audiogram-chart'));

type EarKey = 'RE' | 'LE';
interface Cell {
  value: string;
  nr: boolean;
}
type Grid = Record<string, Record<EarKey, Cell>>;

const emptyGrid = (freqs: readonly number[]): Grid =>
  Object.fromEntries(freqs.map((f) => [String(f), { RE: { value: '', nr: false }, LE: { value: '', nr: false } }]));

const EAR_LABEL: Record<EarKey, string> = { RE: 'Orelha direita (OD)', LE: 'Orelha esquerda (OE)' };

/** A cell's wire value: number, `{ nr: level }` or null (not measured). Invalid cells → undefined. */
function cellThreshold(cell: Cell): WireThreshold | undefined {
  if (cell.value.trim() === '') return null;
  const n = Number(cell.value.replace(',', '.'));
  if (thresholdGridProblem(n)) return undefined;
  return cell.nr ? { nr: n } : n;
}

function cellProblem(cell: Cell): string | undefined {
  if (cell.value.trim() === '') return cell.nr ? 'Informe o nível testado sem resposta' : undefined;
  const n = Number(cell.value.replace(',', '.'));
  return thresholdGridProblem(n);
}

/** Chart input from the grid (valid cells only), so the audiogram follows typing. */
function toChartValues(air: Grid, bone: Grid): AudiogramValues {
  const map = (grid: Grid) =>
    Object.fromEntries(
      Object.entries(grid).map(([f, pair]) => [f, { re: cellThreshold(pair.RE) ?? null, le: cellThreshold(pair.LE) ?? null }]),
    );
  return { air: map(air), bone: map(bone) };
}

const toWire = (grid: Grid) =>
  Object.fromEntries(Object.entries(grid).map(([f, pair]) => [f, { RE: cellThreshold(pair.RE) ?? null, LE: cellThreshold(pair.LE) ?? null }]));

/** /exam/new (spec §2 "Exam entry form", §3, §5; product.md: 3000/6000 Hz, NR, bone conduction); issue 18: exams.write. */
export default function ExamNewPage() {
  useDocumentTitle('Novo Exame');
  return (
    <RequirePermission action="exams.write">
      <ExamEntryForm />
    </RequirePermission>
  );
}

function ExamEntryForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const patients = useQuery({ queryKey: examKeys.patientOptions, queryFn: ({ signal }) => listPatientOptions(signal) });

  const [patientId, setPatientId] = useState(params.get('patientId') ?? '');
  const [patient, setPatient] = useState({ nome: '', idade: '', sexo: 'M' });
  const [exam, setExam] = useState({ data: todayIso(), ruido: '', calibracao: '', transdutor: 'TDH-39', repouso: '' });
  const [operator, setOperator] = useState({ nome: '', registro: '' });
  const [observacoes, setObservacoes] = useState('');
  const [examType, setExamType] = useState(params.get('examType') ?? '');
  const [clinical, setClinical] = useState({ anamnese: '', meatoscopiaOd: '', meatoscopiaOe: '', mascaramento: '', srtRe: '', srtLe: '', wrsRe: '', wrsLe: '' });
  const [air, setAir] = useState<Grid>(() => emptyGrid(AIR_FREQUENCIES));
  const [bone, setBone] = useState<Grid>(() => emptyGrid(BONE_FREQUENCIES));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const selected = patients.data?.find((p) => p.id === patientId);
  useEffect(() => {
    if (selected) setPatient({ nome: selected.name, idade: selected.age === null ? '' : String(selected.age), sexo: selected.sex === 'F' ? 'F' : 'M' });
  }, [selected]);

  const chartValues = useMemo(() => toChartValues(air, bone), [air, bone]);

  function validate(): Record<string, string> {
    const e: Record<string, string> = {};
    if (!patient.nome.trim()) e['paciente.nome'] = 'Informe o nome do paciente';
    const age = Number(patient.idade);
    if (patient.idade.trim() === '' || !Number.isInteger(age) || age < 0 || age > 120) e['paciente.idade'] = 'Idade deve ser um número inteiro de 0 a 120';
    if (!exam.data) e.data_exame = 'Informe a data do exame';
    if (exam.ruido.trim() === '' || !Number.isFinite(Number(exam.ruido))) e['ambiente.ruido_dB'] = 'Informe o ruído ambiente em dB';
    if (!exam.calibracao) e['ambiente.calibracao_atual'] = 'Informe a data da calibração';
    if (!operator.nome.trim()) e['operador.nome'] = 'Informe o nome do operador';
    if (!operator.registro.trim()) e['operador.registro'] = 'Informe o registro do operador';
    for (const [kind, grid] of [['air', air], ['bone', bone]] as const) {
      for (const [f, pair] of Object.entries(grid)) {
        for (const ear of ['RE', 'LE'] as const) {
          const problem = cellProblem(pair[ear]);
          if (problem) e[`audiograma.${kind}.${f}.${ear}`] = problem;
        }
      }
    }
    return e;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const errors = validate();
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      setError('Verifique os campos destacados.');
      return;
    }
    setError(null);
    setSaving(true);
    const hasBone = Object.values(bone).some((p) => p.RE.value.trim() !== '' || p.LE.value.trim() !== '');
    const payload: EntryFormPayload = {
      patientId: patientId || null,
      paciente: { nome: patient.nome.trim(), idade: Number(patient.idade), sexo: patient.sexo },
      data_exame: exam.data,
      ambiente: { ruido_dB: Number(exam.ruido), calibracao_atual: exam.calibracao, transdutor: exam.transdutor.trim() || null },
      audiograma: { air: toWire(air), bone: hasBone ? toWire(bone) : null },
      operador: { nome: operator.nome.trim(), registro: operator.registro.trim() },
      observacoes: observacoes.trim() || null,
      ...(examType ? { examType } : {}),
      repouso_horas: exam.repouso.trim() === '' ? null : Number(exam.repouso),
      anamnese: orNull(clinical.anamnese),
      meatoscopia: { od: orNull(clinical.meatoscopiaOd), oe: orNull(clinical.meatoscopiaOe) },
      mascaramento: orNull(clinical.mascaramento),
      speechTest: { srtRe: orNull(clinical.srtRe), srtLe: orNull(clinical.srtLe), wrsRe: orNull(clinical.wrsRe), wrsLe: orNull(clinical.wrsLe) },
    };
    try {
      const { id } = await createExam(payload);
      await queryClient.invalidateQueries({ queryKey: examKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['patients'] });
      toast.success('Exame cadastrado com sucesso!');
      navigate(paths.examDetail.getHref(id));
    } catch (err) {
      const message = `Erro ao cadastrar exame: ${errorMessage(err, err instanceof Error ? err.message : 'erro desconhecido')}`;
      setError(message);
      if (err instanceof ApiError) setFieldErrors(Object.fromEntries(err.issues.map((i) => [i.path, i.message])));
      toast.error(message);
      setSaving(false);
    }
  }

  const fe = (key: string) => fieldErrors[key];
  const setClinicalField = (key: keyof typeof clinical) => (e: { target: { value: string } }) => setClinical((c) => ({ ...c, [key]: e.target.value }));
  const setCell = (kind: 'air' | 'bone', f: string, ear: EarKey, patch: Partial<Cell>) =>
    (kind === 'air' ? setAir : setBone)((g) => ({ ...g, [f]: { ...g[f], [ear]: { ...g[f][ear], ...patch } } }));

  const grid = (kind: 'air' | 'bone', values: Grid, freqs: readonly number[]) => (
    <div className="threshold-grid__scroll">
      <table className="threshold-grid">
        <caption className="visually-hidden">{kind === 'air' ? 'Limiares por via aérea em dB NA' : 'Limiares por via óssea em dB NA'}</caption>
        <thead>
          <tr>
            <th scope="col">Orelha</th>
            {freqs.map((f) => (
              <th key={f} scope="col">
                {frequencyLabel(f)}
                <span className="visually-hidden"> Hz</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(['RE', 'LE'] as const).map((ear) => (
            <tr key={ear} className={`threshold-grid__row--${ear}`}>
              <th scope="row">
                <span className="threshold-grid__ear-symbol" aria-hidden="true">
                  {kind === 'air' ? (ear === 'RE' ? 'O' : 'X') : ear === 'RE' ? '<' : '>'}
                </span>
                {ear === 'RE' ? 'OD' : 'OE'}
              </th>
              {freqs.map((f) => {
                const key = `audiograma.${kind}.${f}.${ear}`;
                const cell = values[String(f)][ear];
                const label = `${EAR_LABEL[ear]}, ${kind === 'air' ? 'via aérea' : 'via óssea'}, ${f} Hz`;
                const errId = `${kind}-${f}-${ear}-error`;
                return (
                  <td key={f} className={fe(key) ? 'threshold-grid__cell--invalid' : undefined}>
                    <div className="threshold-cell">
                      <input
                        className="threshold-cell__input"
                        type="number"
                        inputMode="numeric"
                        min={-10}
                        max={120}
                        step={5}
                        value={cell.value}
                        aria-label={`${label} (dB NA)`}
                        aria-invalid={fe(key) ? true : undefined}
                        aria-describedby={fe(key) ? errId : undefined}
                        data-cell={`${kind}.${f}.${ear}`}
                        onChange={(e) => setCell(kind, String(f), ear, { value: e.target.value })}
                      />
                      <button
                        type="button"
                        className="threshold-cell__nr"
                        aria-pressed={cell.nr}
                        aria-label={`NR — sem resposta, ${label}`}
                        title="Sem resposta (NR) no nível testado"
                        onClick={() => setCell(kind, String(f), ear, { nr: !cell.nr })}
                      >
                        NR
                      </button>
                    </div>
                    {fe(key) && (
                      <span id={errId} className="threshold-cell__error">
                        {fe(key)}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );

  return (
    <div className="ui-page exams exams--entry">
      <PageHeader title="Novo Exame Audiométrico" description="Digite os limiares do audiograma; o gráfico acompanha os valores." back={{ to: paths.exams.getHref(), label: 'Voltar para Exames' }} />
      <form className="exam-form" onSubmit={onSubmit} noValidate>
        {error && <Banner variant="error">{error}</Banner>}
        <fieldset className="exam-form__sections" disabled={saving}>
          <Card title="Dados do Paciente">
            <div className="exam-form__grid">
              <Field label="Paciente cadastrado" hint="Escolha um paciente ou deixe em branco e preencha os dados para cadastrar um novo." className="exam-form__wide">
                {(p) => (
                  <Select {...p} value={patientId} onChange={(e) => setPatientId(e.target.value)} disabled={patients.isPending}>
                    <option value="">{patients.isPending ? 'Carregando pacientes...' : '— Novo paciente —'}</option>
                    {patients.data?.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                        {p.age !== null ? ` — ${p.age} anos` : ''}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label="Nome" required error={fe('paciente.nome')} className="exam-form__wide">
                {(p) => <Input {...p} value={patient.nome} readOnly={!!selected} onChange={(e) => setPatient({ ...patient, nome: e.target.value })} />}
              </Field>
              <Field label="Idade" required error={fe('paciente.idade')}>
                {(p) => <Input {...p} type="number" min={0} max={120} step={1} value={patient.idade} onChange={(e) => setPatient({ ...patient, idade: e.target.value })} />}
              </Field>
              <Field label="Sexo" required error={fe('paciente.sexo')}>
                {(p) => (
                  <Select {...p} value={patient.sexo} disabled={!!selected} onChange={(e) => setPatient({ ...patient, sexo: e.target.value })}>
                    <option value="M">Masculino</option>
                    <option value="F">Feminino</option>
                  </Select>
                )}
              </Field>
            </div>
          </Card>

          <Card title="Dados do Exame">
            <div className="exam-form__grid exam-form__grid--3">
              <Field label="Data do exame" required error={fe('data_exame')}>
                {(p) => <Input {...p} type="date" value={exam.data} onChange={(e) => setExam({ ...exam, data: e.target.value })} />}
              </Field>
              <ExamTypeSelect value={examType} onChange={setExamType} error={fe('examType')} />
              <Field label="Ruído ambiente (dB)" required error={fe('ambiente.ruido_dB')}>
                {(p) => <Input {...p} type="number" step={0.1} value={exam.ruido} onChange={(e) => setExam({ ...exam, ruido: e.target.value })} />}
              </Field>
              <Field label="Data da calibração" required error={fe('ambiente.calibracao_atual')}>
                {(p) => <Input {...p} type="date" value={exam.calibracao} onChange={(e) => setExam({ ...exam, calibracao: e.target.value })} />}
              </Field>
              <Field label="Transdutor" error={fe('ambiente.transdutor')}>
                {(p) => <Input {...p} value={exam.transdutor} onChange={(e) => setExam({ ...exam, transdutor: e.target.value })} />}
              </Field>
              <Field label="Repouso auditivo (horas)" hint="NR-7: mínimo de 14 horas" error={fe('repouso_horas')}>
                {(p) => <Input {...p} type="number" min={0} step={0.5} value={exam.repouso} onChange={(e) => setExam({ ...exam, repouso: e.target.value })} />}
              </Field>
            </div>
          </Card>

          <Card title="Audiograma" description="Valores em dB NA, de −10 a 120 em passos de 5. Marque NR quando não houve resposta no nível testado.">
            <div className="exam-form__audiogram">
              <div className="exam-form__grids">
                <h3 className="exam-form__subtitle">Via Aérea</h3>
                {grid('air', air, AIR_FREQUENCIES)}
                <h3 className="exam-form__subtitle">Via Óssea (opcional)</h3>
                {grid('bone', bone, BONE_FREQUENCIES)}
              </div>
              <div className="exam-form__chart">
                <Suspense fallback={<Spinner label="Carregando audiograma..." />}>
                  <AudiogramChart values={chartValues} title="Pré-visualização do audiograma" height={360} />
                </Suspense>
              </div>
            </div>
          </Card>

          <Card title="Operador">
            <div className="exam-form__grid">
              <Field label="Nome do operador" required error={fe('operador.nome')}>
                {(p) => <Input {...p} value={operator.nome} onChange={(e) => setOperator({ ...operator, nome: e.target.value })} />}
              </Field>
              <Field label="Registro (CRFa/CRM)" required error={fe('operador.registro')}>
                {(p) => <Input {...p} value={operator.registro} onChange={(e) => setOperator({ ...operator, registro: e.target.value })} />}
              </Field>
            </div>
          </Card>

          <Card title="Dados clínicos" description="Opcionais; impressos no laudo quando preenchidos.">
            <div className="exam-form__grid">
              <Field label="Anamnese" error={fe('anamnese')} className="exam-form__wide">
                {(p) => <Textarea {...p} rows={3} maxLength={5000} value={clinical.anamnese} onChange={setClinicalField('anamnese')} />}
              </Field>
              <Field label="Meatoscopia OD" error={fe('meatoscopia.od')}>
                {(p) => <Input {...p} maxLength={300} value={clinical.meatoscopiaOd} onChange={setClinicalField('meatoscopiaOd')} />}
              </Field>
              <Field label="Meatoscopia OE" error={fe('meatoscopia.oe')}>
                {(p) => <Input {...p} maxLength={300} value={clinical.meatoscopiaOe} onChange={setClinicalField('meatoscopiaOe')} />}
              </Field>
              <Field label="Mascaramento" hint="Mascaramento utilizado" error={fe('mascaramento')} className="exam-form__wide">
                {(p) => <Input {...p} maxLength={500} value={clinical.mascaramento} onChange={setClinicalField('mascaramento')} />}
              </Field>
              <Field label="SRT/LRF OD (dB)" error={fe('speechTest.srtRe')}>
                {(p) => <Input {...p} inputMode="decimal" value={clinical.srtRe} onChange={setClinicalField('srtRe')} />}
              </Field>
              <Field label="SRT/LRF OE (dB)" error={fe('speechTest.srtLe')}>
                {(p) => <Input {...p} inputMode="decimal" value={clinical.srtLe} onChange={setClinicalField('srtLe')} />}
              </Field>
              <Field label="IPRF OD (%)" error={fe('speechTest.wrsRe')}>
                {(p) => <Input {...p} inputMode="decimal" value={clinical.wrsRe} onChange={setClinicalField('wrsRe')} />}
              </Field>
              <Field label="IPRF OE (%)" error={fe('speechTest.wrsLe')}>
                {(p) => <Input {...p} inputMode="decimal" value={clinical.wrsLe} onChange={setClinicalField('wrsLe')} />}
              </Field>
            </div>
          </Card>

          <Card title="Observações">
            <Field label="Observações" error={fe('observacoes')}>
              {(p) => <Textarea {...p} rows={4} value={observacoes} onChange={(e) => setObservacoes(e.target.value)} />}
            </Field>
          </Card>
        </fieldset>
        <p className="exam-form__note">* Campos obrigatórios</p>
        <div className="exam-form__actions">
          <Button variant="secondary" disabled={saving} onClick={() => navigate(paths.exams.getHref())}>
            Cancelar
          </Button>
          <Button type="submit" loading={saving} loadingText="Salvando...">
            Salvar Exame
          </Button>
        </div>
      </form>
    </div>
  );
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
