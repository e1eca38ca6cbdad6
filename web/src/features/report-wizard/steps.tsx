import { useId, type Dispatch, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SEX_LABELS } from '../../../../core/src/index';
import { Banner } from '../../components/ui/banner';
import { Button, buttonClassName } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { RadioCards } from '../../components/ui/radio-cards';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { Field } from '../../components/ui/field';
import { formatDate } from '../reports';
import type { WizardExam, WizardPatient } from './api';
import { CONSULTATION_TYPES, OCCUPATIONAL_REASONS, type ConsultationType, type NexoQuestions, type WizardAction, type WizardState } from './wizard-state';

export interface Doctor {
  id: string;
  name: string;
  /** 'CRM 123456/SP', 'CRFa 2-12345', 'CREA 123/SP'; undefined when not filled in. */
  registry: string | undefined;
  specialization: string | null;
  complete: boolean;
}

const sexWord = (sex: string) => SEX_LABELS[sex as keyof typeof SEX_LABELS] ?? 'Não informado';

export function StepHeading({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <header className="wizard__step-header">
      <h2 className="wizard__step-title" tabIndex={-1} data-step-heading>
        {title}
      </h2>
      {description && <p className="wizard__step-description">{description}</p>}
    </header>
  );
}

/** Step 0: the patient (dropdown) and the logged-in professional as responsible doctor. */
export function PatientStep(props: {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  patients: WizardPatient[] | undefined;
  patientsLoading: boolean;
  patientsError: boolean;
  doctor: Doctor | null;
  doctorLoading: boolean;
  doctorError: boolean;
  onCompleteProfile: () => void;
}) {
  const { state, dispatch, patients, doctor } = props;
  const selectId = useId();
  return (
    <>
      <StepHeading title="Selecione o paciente e o médico" description="O médico responsável é o profissional conectado." />
      <div className="wizard__grid-2">
        <div className="wizard__panel">
          <h3 className="wizard__panel-title">Paciente</h3>
          {props.patientsLoading ? (
            <Spinner label="Carregando pacientes..." />
          ) : props.patientsError ? (
            <Banner variant="error">Erro ao carregar lista de pacientes</Banner>
          ) : patients && patients.length === 0 ? (
            <Banner variant="warning" actions={<Link className={buttonClassName({ size: 'sm' })} to={paths.patientNew.getHref()}>Cadastrar Paciente</Link>}>
              Nenhum paciente cadastrado. Por favor, cadastre um paciente primeiro.
            </Banner>
          ) : (
            <div className="ui-field">
              <label className="ui-label" htmlFor={selectId}>
                Paciente<span className="ui-label__required" aria-hidden="true"> *</span>
              </label>
              <Select id={selectId} required value={state.patientId} onChange={(e) => dispatch({ type: 'patient', patientId: e.target.value })}>
                <option value="">Selecione o paciente</option>
                {(patients ?? []).map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} — {p.age ?? '?'} anos — {sexWord(p.sex)}
                  </option>
                ))}
              </Select>
            </div>
          )}
        </div>
        <div className="wizard__panel">
          <h3 className="wizard__panel-title">Médico responsável</h3>
          {props.doctorLoading ? (
            <Spinner label="Carregando dados do médico..." />
          ) : props.doctorError || !doctor ? (
            <Banner variant="error">Erro ao carregar dados do médico logado</Banner>
          ) : (
            <>
              <dl className="wizard__facts">
                <dt>Nome</dt>
                <dd>{doctor.name}</dd>
                <dt>Registro</dt>
                <dd>{doctor.registry ?? 'Não informado'}</dd>
                <dt>Especialização</dt>
                <dd>{doctor.specialization || 'Não informada'}</dd>
              </dl>
              {!doctor.complete && (
                <Banner
                  variant="warning"
                  actions={
                    <Button size="sm" onClick={props.onCompleteProfile}>
                      Completar perfil
                    </Button>
                  }
                >
                  Complete seu perfil para organizar laudos válidos.
                </Banner>
              )}
            </>
          )}
        </div>
      </div>
    </>
  );
}

const CONSULTATION_DESCRIPTIONS: Record<ConsultationType, string> = {
  Eletiva: 'Consulta eletiva ou de rotina, fora do contexto ocupacional.',
  Ocupacional: 'Exame do PCMSO para o Atestado de Saúde Ocupacional (ASO).',
  'Judicial / Pericial': 'Perícia ou avaliação para processo judicial ou administrativo.',
  'Infantil / Neo Natal': 'Avaliação auditiva de crianças e recém-nascidos.',
};

/**
 * Step 1: consultation type cards; Ocupacional reveals the required reasons. (RadioCards gets no
 * `required`: the primitive puts aria-required on its fieldset, which axe flags; Próximo stays
 * disabled with the §5 message until answered.)
 */
export function ConsultationStep({ state, dispatch }: { state: WizardState; dispatch: Dispatch<WizardAction> }) {
  return (
    <>
      <StepHeading title="Tipo de consulta" />
      <RadioCards<ConsultationType>
        legend="Tipo de consulta"
        name="consultationType"
        columns={2}
        value={state.consultationType}
        onChange={(value) => dispatch({ type: 'consultationType', value })}
        options={CONSULTATION_TYPES.map((t) => ({ value: t, label: t === 'Ocupacional' ? 'Ocupacional (ASO)' : t, description: CONSULTATION_DESCRIPTIONS[t] }))}
      />
      {state.consultationType === 'Ocupacional' && (
        <div className="wizard__reasons">
          <RadioCards<string>
            legend="Motivo da consulta ocupacional"
            name="consultationReason"
              columns={3}
            value={state.consultationReason}
            onChange={(value) => dispatch({ type: 'patch', patch: { consultationReason: value, error: null } })}
            options={OCCUPATIONAL_REASONS.map((r) => ({ value: r, label: r }))}
          />
        </div>
      )}
    </>
  );
}

/** Step 2: simple audiometry or with the occupational causal-link analysis. */
export function AudiometryStep({ state, dispatch }: { state: WizardState; dispatch: Dispatch<WizardAction> }) {
  return (
    <>
      <StepHeading title="Tipo de audiometria" />
      <RadioCards<WizardState['audiometryType']>
        legend="Tipo de audiometria"
        name="audiometryType"
        columns={2}
        value={state.audiometryType}
        onChange={(value) => dispatch({ type: 'patch', patch: { audiometryType: value, error: null } })}
        options={[
          { value: 'simple', label: 'Audiometria Simples', description: 'Sem análise de nexo causal.' },
          { value: 'nexo-causal', label: 'Audiometria com Nexo Causal', description: 'Com análise do nexo causal ocupacional (sugestão das regras, confirmada pelo profissional).' },
        ]}
      />

    </>
  );
}

const YES_NO = [
  { value: 'sim', label: 'Sim' },
  { value: 'nao', label: 'Não' },
] as const;

/** Step 3 (nexo-causal only): the five causal-link questions. */
export function NexoStep({ state, dispatch }: { state: WizardState; dispatch: Dispatch<WizardAction> }) {
  const q = state.nexoCausalQuestions;
  const set = (patch: Partial<NexoQuestions>) => dispatch({ type: 'nexo', patch });
  const yearsId = useId();
  return (
    <>
      <StepHeading title="Perguntas do Nexo Causal" description="Todas as perguntas são obrigatórias." />
      <div className="wizard__questions">
        <RadioCards
          legend="1. Houve pausa de ruído / repouso auditivo de 14 horas antes do exame?"
          name="pausaRuido"
          columns={2}
          value={q.pausaRuido}
          onChange={(v) => set({ pausaRuido: v })}
          options={YES_NO}
        />
        <RadioCards
          legend="2. O paciente trabalha ou trabalhou exposto a ruído intenso?"
          name="volumeAlto"
          columns={2}
          value={q.volumeAlto}
          onChange={(v) => set({ volumeAlto: v })}
          options={YES_NO}
        />
        <div className="ui-field">
          <label className="ui-label" htmlFor={yearsId}>
            3. Tempo de exposição (anos)<span className="ui-label__required" aria-hidden="true"> *</span>
          </label>
          <Input id={yearsId} type="number" min={0} step={0.5} required inputMode="decimal" value={q.tempoExposicao} onChange={(e) => set({ tempoExposicao: e.target.value })} />
        </div>
        <RadioCards
          legend="4. A função é considerada ruidosa (acima de 85 dB)?"
          name="funcaoRuidosa"
          columns={2}
          value={q.funcaoRuidosa}
          onChange={(v) => set({ funcaoRuidosa: v })}
          options={YES_NO}
        />
        <RadioCards
          legend="5. Uso correto de protetor auricular (EPI)?"
          name="usoEPI"
          columns={3}
          value={q.usoEPI}
          onChange={(v) => set({ usoEPI: v })}
          options={[...YES_NO, { value: 'nao-sei', label: 'Não sei' }]}
        />
      </div>
    </>
  );
}

/** One of the worker's exams as step 4 lists it: date, examiner, whether it has thresholds. */
export function examOptionLabel(e: WizardExam, hasThresholds: boolean) {
  return {
    label: `Exame de ${formatDate(e.date)}`,
    description: `Examinador: ${e.operatorName || 'não informado'} · ${hasThresholds ? 'com limiares' : 'sem limiares (envie o arquivo)'}`,
  };
}

const NEW_FROM_FILE = '__new__';

/**
 * Step 4 (issue 14): the laudo is drafted for one of the worker's exams (newest first; the one the
 * user came from is preselected). "Novo exame a partir de arquivo" — the only choice when the
 * worker has no exam — shows the exam's record (date, examiner, ambient noise) for the user to fill
 * in; the exam is created only by "Criar exame". Uploads then read the file into that exam.
 */
export function ExamStep(props: {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  exams: WizardExam[] | undefined;
  examsLoading: boolean;
  examsError: boolean;
  onRetry: () => void;
  hasThresholds: (e: WizardExam) => boolean;
  creating: boolean;
  onCreate: () => void;
  createBlocker: string | null;
  /** The examiner a new exam starts with: the logged-in professional (editable). */
  defaultOperator?: { name: string; registration: string };
  children?: ReactNode;
}) {
  const { state, dispatch, exams } = props;
  const dateId = useId();
  const created = state.examSource === 'new-file' && state.examId !== null;
  const value = state.examSource === 'new-file' ? NEW_FROM_FILE : state.examId ?? '';
  const set = (patch: Partial<WizardState['newExam']>) => dispatch({ type: 'newExam', patch });
  return (
    <>
      <StepHeading title="Exame do laudo" description="O laudo é redigido para um exame do paciente. Escolha o exame ou registre um novo a partir do arquivo do audiograma." />
      {props.examsLoading ? (
        <Spinner label="Carregando exames do paciente..." />
      ) : props.examsError ? (
        <Banner variant="error" actions={<Button size="sm" variant="secondary" onClick={props.onRetry}>Tentar novamente</Button>}>
          Erro ao carregar os exames do paciente
        </Banner>
      ) : (
        <RadioCards<string>
          legend="Exame"
          name="laudoExam"
          columns={1}
          value={value}
          onChange={(v) => {
            if (v === NEW_FROM_FILE) dispatch({ type: 'examSource', source: 'new-file', operator: props.defaultOperator });
            else {
              const e = exams?.find((x) => x.id === v);
              if (e) dispatch({ type: 'chooseExam', examId: e.id, hasThresholds: props.hasThresholds(e) });
            }
          }}
          options={[
            ...(exams ?? []).map((e) => ({ value: e.id, ...examOptionLabel(e, props.hasThresholds(e)) })),
            { value: NEW_FROM_FILE, label: 'Novo exame a partir de arquivo', description: exams && exams.length === 0 ? 'O paciente ainda não tem exames registrados.' : 'Registra um novo exame com os dados abaixo e lê o audiograma do arquivo.' },
          ]}
        />
      )}
      {state.examSource === 'new-file' && (
        <div className="wizard__panel wizard__new-exam">
          <h3 className="wizard__panel-title">Dados do novo exame</h3>
          {created ? (
            <p className="wizard__note" role="status">
              Exame de {formatDate(state.newExam.date)} criado (examinador: {state.newExam.operatorName}). Envie o arquivo do audiograma abaixo.
            </p>
          ) : (
            <>
              <div className="wizard__grid-2">
                <div className="ui-field">
                  <label className="ui-label" htmlFor={dateId}>
                    Data do exame<span className="ui-label__required" aria-hidden="true"> *</span>
                  </label>
                  <Input id={dateId} type="date" required value={state.newExam.date} onChange={(e) => set({ date: e.target.value })} />
                </div>
                <Field label="Examinador" required>
                  {(p) => <Input {...p} value={state.newExam.operatorName} onChange={(e) => set({ operatorName: e.target.value })} autoComplete="off" />}
                </Field>
                <Field label="Registro do examinador" hint="CRM, CRFa… (opcional)">
                  {(p) => <Input {...p} value={state.newExam.operatorRegistration} onChange={(e) => set({ operatorRegistration: e.target.value })} autoComplete="off" />}
                </Field>
                <Field label="Ruído ambiente (dB)" hint="Deixe em branco se não foi medido">
                  {(p) => <Input {...p} type="number" inputMode="decimal" min={0} max={120} step={0.1} value={state.newExam.ambientNoise} onChange={(e) => set({ ambientNoise: e.target.value })} />}
                </Field>
              </div>
              <div className="wizard__new-exam-actions">
                <Button onClick={props.onCreate} loading={props.creating} loadingText="Criando exame..." disabled={props.creating || props.createBlocker !== null}>
                  Criar exame
                </Button>
                {props.createBlocker && <p className="wizard__note">{props.createBlocker}</p>}
              </div>
            </>
          )}
        </div>
      )}
      {props.children}
    </>
  );
}
