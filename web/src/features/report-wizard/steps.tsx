import { useId, type Dispatch, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SEX_LABELS } from '../../../../core/src/patients/sex';
import { Banner } from '../../components/ui/banner';
import { Button, buttonClassName } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { RadioCards } from '../../components/ui/radio-cards';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import type { WizardPatient } from './api';
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
              <Select id={selectId} required value={state.patientId} onChange={(e) => dispatch({ type: 'patch', patch: { patientId: e.target.value, error: null } })}>
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
      {state.examId && <p className="wizard__note">O exame deste laudo já foi criado; a troca do tipo vale para a geração do laudo.</p>}
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
