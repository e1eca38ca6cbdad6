import { useCallback, useEffect, useId, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { CFM_ITEM_STATUSES, PAIRO_LABEL } from '../../../../core/src/index';
import { Input } from '../../components/ui/input';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { formatDb, NEXO_LEVEL_LABELS, NEXO_LEVELS, updateReportDraft, type Draft, type NexoLevelValue, listToText, NarrativeView, textToList } from '../reports';
import './report-editor.css';

/** Spec §4 "Wizard report editor": any change is saved automatically 500 ms after the last one. */
export const AUTOSAVE_DELAY_MS = 500;

export type SaveState = 'saved' | 'dirty' | 'saving' | 'error';

export interface DraftEditorController {
  /** Saves a pending change now; resolves true when the server holds the latest draft. */
  flush: () => Promise<boolean>;
}

export interface DraftEditorProps {
  reportId: string;
  type: 'simple' | 'nexo-causal';
  initialDraft: Draft;
  /** Every change, before it is saved (the wizard keeps it as its edited report). */
  onChange?: (draft: Draft) => void;
  controllerRef?: Ref<DraftEditorController>;
}

type SectionKey = 'nr7' | 'p19' | 'narrative' | 'missing';

type Ear = { nr7Class?: string | null; pairoGrade?: keyof typeof PAIRO_LABEL | null; mean346?: number | null };
function earFacts(draft: Draft, side: 'right' | 'left'): Ear | undefined {
  const facts = draft.facts as { ears?: Record<string, Ear> } | undefined;
  return facts?.ears?.[side];
}

/** What the missing-information warning lists (spec §5): exam interpretation, nexo conclusion (nexo type). */
export function missingInformation(draft: Draft, type: 'simple' | 'nexo-causal'): string[] {
  const missing: string[] = [];
  if (!String(draft.interpretacao_exame ?? '').trim()) missing.push('a interpretação do exame');
  if (type === 'nexo-causal' && !String(draft.nexo_conclusao ?? '').trim()) missing.push('a conclusão sobre o nexo causal');
  return missing;
}

/**
 * The wizard's report editor (spec §2 wizard components, step 6): NR-7 validation, Portaria 19
 * interpretation and the narrative clinical report, each with an edit/finish toggle; autosave via
 * PUT 500 ms after the last change with an 'alterações não salvas' / 'salvo' indicator. Classes,
 * means and the nexo suggestion come from the rules (docs/laudo.md) and are not editable text: the
 * professional confirms or changes the suggested nexo level, kept in `nexo_causal.classificacao`.
 */
export function DraftEditor({ reportId, type, initialDraft, onChange, controllerRef }: DraftEditorProps) {
  const [draft, setDraft] = useState<Draft>(initialDraft);
  const [editing, setEditing] = useState<Record<SectionKey, boolean>>({ nr7: false, p19: false, narrative: false, missing: false });
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [saveError, setSaveError] = useState<string | null>(null);
  const latest = useRef(draft);
  const version = useRef(0);
  const savedVersion = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  const inFlight = useRef<Promise<boolean> | null>(null);

  const save = useCallback(async (): Promise<boolean> => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    if (inFlight.current) await inFlight.current;
    if (savedVersion.current === version.current) return true;
    const target = version.current;
    setSaveState('saving');
    const run = (async () => {
      try {
        await updateReportDraft(reportId, latest.current);
        savedVersion.current = target;
        setSaveError(null);
        setSaveState(version.current === target ? 'saved' : 'dirty');
        return version.current === target;
      } catch (failure) {
        setSaveError(errorMessage(failure, 'Erro ao salvar laudo'));
        setSaveState('error');
        return false;
      } finally {
        inFlight.current = null;
      }
    })();
    inFlight.current = run;
    return run;
  }, [reportId]);

  useImperativeHandle(controllerRef, () => ({ flush: save }), [save]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const update = (patch: Partial<Draft>) => {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    version.current += 1;
    setDraft(next);
    setSaveState('dirty');
    onChange?.(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
  };

  const latestNexo = () => latest.current.nexo_causal as NonNullable<Draft['nexo_causal']>;
  const toggle = (key: SectionKey) => setEditing((e) => ({ ...e, [key]: !e[key] }));
  const nr7 = draft.validacao_nr7 ?? { repouso_14h_ok: false, equipamento_registrado: false, observacoes: '' };
  const p19 = draft.interpretacao_portaria19;
  const nexo = draft.nexo_causal;
  const missing = missingInformation(draft, type);
  const right = earFacts(draft, 'right');
  const left = earFacts(draft, 'left');

  return (
    <div className="draft-editor">
      <div className="draft-editor__status" aria-live="polite">
        <SaveIndicator state={saveState} />
      </div>
      {saveState === 'error' && saveError && <Banner variant="error">{saveError}</Banner>}
      {missing.length > 0 && (
        <Banner variant="warning" title="Informações faltantes">
          Preencha {missing.join(' e ')} na seção Relatório Clínico Narrativo antes de finalizar.
        </Banner>
      )}

      <Section title="Validação NR-7" editing={editing.nr7} onToggle={() => toggle('nr7')}>
        {editing.nr7 ? (
          <div className="draft-editor__fields">
            <YesNoField label="Repouso auditivo de 14 horas" value={nr7.repouso_14h_ok} onChange={(v) => update({ validacao_nr7: { ...nr7, repouso_14h_ok: v } })} />
            <YesNoField label="Equipamento aferido" value={nr7.equipamento_registrado} onChange={(v) => update({ validacao_nr7: { ...nr7, equipamento_registrado: v } })} />
            <TextField label="Observações da validação" value={nr7.observacoes} rows={4} onChange={(v) => update({ validacao_nr7: { ...nr7, observacoes: v } })} />
          </div>
        ) : (
          <dl className="draft-editor__list">
            <dt>Repouso auditivo de 14 horas</dt>
            <dd>{nr7.repouso_14h_ok ? 'Sim' : 'Não'}</dd>
            <dt>Equipamento aferido</dt>
            <dd>{nr7.equipamento_registrado ? 'Sim' : 'Não'}</dd>
            <dt>Observações</dt>
            <dd>
              <NarrativeView text={nr7.observacoes} />
            </dd>
          </dl>
        )}
      </Section>

      <Section title="Interpretação Portaria 19/98" editing={editing.p19} onToggle={() => toggle('p19')}>
        <dl className="draft-editor__list">
          <dt>Classificação do exame</dt>
          <dd>{p19?.exame_a1 || '-'}</dd>
          <dt>Opção do laudo (OD)</dt>
          <dd>{right?.pairoGrade ? PAIRO_LABEL[right.pairoGrade] : '-'}</dd>
          <dt>Opção do laudo (OE)</dt>
          <dd>{left?.pairoGrade ? PAIRO_LABEL[left.pairoGrade] : '-'}</dd>
          <dt>Média 3–6 kHz OD</dt>
          <dd>{formatDb(p19?.media_3_6_od)}</dd>
          <dt>Média 3–6 kHz OE</dt>
          <dd>{formatDb(p19?.media_3_6_oe)}</dd>
        </dl>
        <p className="draft-editor__note">Classificação e médias calculadas pelas regras da NR-7, Anexo II (antiga Portaria 19/98) a partir dos limiares do exame.</p>
        {editing.p19 ? (
          <TextField label="Interpretação do exame" value={String(draft.interpretacao_exame ?? '')} rows={8} onChange={(v) => update({ interpretacao_exame: v })} />
        ) : (
          <>
            <h4 className="draft-editor__subtitle">Interpretação do exame</h4>
            <NarrativeView text={String(draft.interpretacao_exame ?? '')} />
          </>
        )}
      </Section>

      <Section title="Relatório Clínico Narrativo" editing={editing.narrative} onToggle={() => toggle('narrative')}>
        {editing.narrative ? (
          <div className="draft-editor__fields">
            <TextField label="Resumo" value={String(draft.summary_text ?? '')} rows={4} onChange={(v) => update({ summary_text: v })} />
            <TextField label="Interpretação do exame" value={String(draft.interpretacao_exame ?? '')} rows={8} onChange={(v) => update({ interpretacao_exame: v })} />
            {type === 'nexo-causal' && (
              <TextField label="Conclusão sobre o nexo causal" value={String(draft.nexo_conclusao ?? '')} rows={6} onChange={(v) => update({ nexo_conclusao: v })} />
            )}
            <ListField
              label="Recomendações (uma por linha)"
              items={draft.recomendacoes}
              rows={5}
              onChange={(items) => update({ recomendacoes: items, recommendations: items })}
            />
          </div>
        ) : (
          <>
            <h4 className="draft-editor__subtitle">Resumo</h4>
            <NarrativeView text={String(draft.summary_text ?? '')} />
            <h4 className="draft-editor__subtitle">Interpretação do exame</h4>
            <NarrativeView text={String(draft.interpretacao_exame ?? '')} />
            {type === 'nexo-causal' && (
              <>
                <h4 className="draft-editor__subtitle">Conclusão sobre o nexo causal</h4>
                <NarrativeView text={String(draft.nexo_conclusao ?? '')} />
              </>
            )}
            <h4 className="draft-editor__subtitle">Recomendações</h4>
            <NarrativeView text={(draft.recomendacoes ?? []).map((r) => `- ${r}`).join('\n')} empty="Nenhuma recomendação." />
          </>
        )}
      </Section>

      <Section title="Dados críticos faltantes" editing={editing.missing} onToggle={() => toggle('missing')}>
        <p className="draft-editor__note">Listados no laudo. Ao completar um dado (por exemplo, no exame ou nas observações), retire-o da lista.</p>
        {editing.missing ? (
          <ListField label="Dados críticos faltantes (um por linha)" items={draft.faltantes_criticos} rows={4} onChange={(items) => update({ faltantes_criticos: items })} />
        ) : (
          <NarrativeView text={(draft.faltantes_criticos ?? []).map((r) => `- ${r}`).join('\n')} empty="Nenhum dado crítico faltante." />
        )}
      </Section>

      {type === 'nexo-causal' && nexo && (
        <NexoSuggestion
          nexo={nexo}
          onChange={(level) => update({ nexo_causal: { ...latestNexo(), classificacao: level, confirmado: true, sugestao_regra: (nexo as { sugestao_regra?: string | null }).sugestao_regra ?? nexo.classificacao } as Draft['nexo_causal'] })}
          onChecklist={(checklist) => update({ nexo_causal: { ...latestNexo(), checklist_cfm: checklist } as Draft['nexo_causal'] })}
        />
      )}
    </div>
  );
}

function SaveIndicator({ state }: { state: SaveState }) {
  if (state === 'saving')
    return (
      <span className="draft-editor__save draft-editor__save--saving">
        <Spinner size="sm" /> Salvando...
      </span>
    );
  if (state === 'dirty') return <span className="draft-editor__save draft-editor__save--dirty">Alterações não salvas</span>;
  if (state === 'error') return <span className="draft-editor__save draft-editor__save--error">Não salvo</span>;
  return <span className="draft-editor__save draft-editor__save--saved">Salvo</span>;
}

function Section({ title, editing, onToggle, children }: { title: string; editing: boolean; onToggle: () => void; children: ReactNode }) {
  const id = useId();
  return (
    <section className="draft-editor__section" aria-labelledby={id}>
      <header className="draft-editor__section-header">
        <h3 id={id} className="draft-editor__section-title">
          {title}
        </h3>
        <Button variant={editing ? 'primary' : 'secondary'} size="sm" onClick={onToggle} aria-label={`${editing ? 'Concluir' : 'Editar'} ${title}`}>
          {editing ? 'Concluir' : 'Editar'}
        </Button>
      </header>
      {children}
    </section>
  );
}

function YesNoField({ label, value, onChange }: { label: string; value: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className="ui-field">
      <label className="ui-label" htmlFor={id}>
        {label}
      </label>
      <Select id={id} value={value ? 'sim' : 'nao'} onChange={(e) => onChange(e.target.value === 'sim')}>
        <option value="sim">Sim</option>
        <option value="nao">Não</option>
      </Select>
    </div>
  );
}

function TextField({ label, value, rows, onChange }: { label: string; value: string; rows: number; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="ui-field">
      <label className="ui-label" htmlFor={id}>
        {label}
      </label>
      <Textarea id={id} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/**
 * A list kept in the draft as strings, edited as one item per line. The typed text is kept while
 * editing (an Enter at the end stays), and the list without blank lines is what is saved.
 */
function ListField({ label, items, rows, onChange }: { label: string; items: readonly string[] | undefined; rows: number; onChange: (items: string[]) => void }) {
  const [text, setText] = useState(() => listToText(items));
  return (
    <TextField
      label={label}
      value={text}
      rows={rows}
      onChange={(v) => {
        setText(v);
        onChange(textToList(v));
      }}
    />
  );
}

type Nexo = NonNullable<Draft['nexo_causal']>;
type ChecklistItem = { item: string; status: string; evidencia?: string };

/** Resolução CFM 2.323/2022 art. 2º: the physician marks each of the nine items, with the evidence considered. */
function CfmChecklist({ items, confirmed, onChange }: { items: readonly ChecklistItem[]; confirmed: boolean; onChange: (items: ChecklistItem[]) => void }) {
  const id = useId();
  const evaluated = items.filter((c) => c.status === 'avaliado').length;
  const set = (i: number, patch: Partial<ChecklistItem>) => onChange(items.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <div className="draft-editor__cfm">
      <h4 className="draft-editor__subtitle" id={id}>
        Resolução CFM n.º 2.323/2022, art. 2º — itens considerados
      </h4>
      <p className="draft-editor__note" role="status">
        {evaluated} de {items.length} itens avaliados.
      </p>
      {confirmed && evaluated === 0 && (
        <Banner variant="warning">O laudo dirá que nenhum item do art. 2º foi avaliado. Marque os itens que fundamentam o nível de nexo confirmado.</Banner>
      )}
      <ol className="draft-editor__cfm-list" aria-labelledby={id}>
        {items.map((c, i) => (
          <li key={c.item} className="draft-editor__cfm-item">
            <span className="draft-editor__cfm-text">{c.item}</span>
            <div className="draft-editor__cfm-controls">
              <Select aria-label={`Situação: ${c.item}`} value={c.status} onChange={(e) => set(i, { status: e.target.value })}>
                {CFM_ITEM_STATUSES.map((st) => (
                  <option key={st} value={st}>
                    {st.charAt(0).toUpperCase() + st.slice(1)}
                  </option>
                ))}
              </Select>
              <Input aria-label={`Evidência: ${c.item}`} placeholder="Evidência considerada (opcional)" value={c.evidencia ?? ''} onChange={(e) => set(i, { evidencia: e.target.value })} />
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The rule's suggested level, its grounds, and the professional's confirmation or change. */
function NexoSuggestion({ nexo, onChange, onChecklist }: { nexo: Nexo; onChange: (level: NexoLevelValue) => void; onChecklist: (items: ChecklistItem[]) => void }) {
  const id = useId();
  const extra = nexo as Nexo & { confirmado?: boolean; sugestao_regra?: NexoLevelValue | null };
  const suggested = (extra.sugestao_regra ?? nexo.classificacao) as NexoLevelValue | null;
  const current = nexo.classificacao as NexoLevelValue | null;
  const confirmed = extra.confirmado === true;
  const [choice, setChoice] = useState<NexoLevelValue | ''>(current ?? '');
  return (
    <section className="draft-editor__section draft-editor__nexo" aria-labelledby={id}>
      <header className="draft-editor__section-header">
        <h3 id={id} className="draft-editor__section-title">
          Nexo Causal — sugestão das regras
        </h3>
        <span className={`draft-editor__tag${confirmed ? ' draft-editor__tag--confirmed' : ''}`}>{confirmed ? 'Confirmado pelo profissional' : 'Sugestão a confirmar'}</span>
      </header>
      {suggested ? (
        <p>
          Nível sugerido: <strong className="draft-editor__nexo-level">{NEXO_LEVEL_LABELS[suggested]}</strong>
          {nexo.regra && <span className="draft-editor__note"> (regra {nexo.regra})</span>}
        </p>
      ) : (
        <p>As regras não sugeriram um nível (respostas do nexo causal incompletas).</p>
      )}
      {nexo.fundamentos && nexo.fundamentos.length > 0 && (
        <>
          <h4 className="draft-editor__subtitle">Fundamentos</h4>
          <ul>
            {nexo.fundamentos.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      )}
      <div className="draft-editor__nexo-control">
        <div className="ui-field">
          <label className="ui-label" htmlFor={`${id}-level`}>
            Nível de nexo causal
          </label>
          <Select id={`${id}-level`} value={choice} onChange={(e) => setChoice(e.target.value as NexoLevelValue)}>
            <option value="" disabled>
              Selecione
            </option>
            {NEXO_LEVELS.map((l) => (
              <option key={l} value={l}>
                {NEXO_LEVEL_LABELS[l]}
                {l === suggested ? ' (sugerido)' : ''}
              </option>
            ))}
          </Select>
        </div>
        <Button variant={confirmed && choice === current ? 'secondary' : 'primary'} disabled={choice === ''} onClick={() => choice && onChange(choice)}>
          {choice !== '' && choice !== suggested ? 'Alterar nível' : 'Confirmar nível'}
        </Button>
      </div>
      {confirmed && current && (
        <p className="draft-editor__note" role="status">
          Nível confirmado: {NEXO_LEVEL_LABELS[current]}
          {suggested && current !== suggested ? ` (alterado da sugestão ${NEXO_LEVEL_LABELS[suggested]})` : ''}.
        </p>
      )}
      {(nexo.checklist_cfm?.length ?? 0) > 0 && <CfmChecklist items={nexo.checklist_cfm as ChecklistItem[]} confirmed={confirmed} onChange={onChecklist} />}
    </section>
  );
}
