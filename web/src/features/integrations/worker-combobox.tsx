import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import type { FieldControlProps } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { searchPatients } from './api';

export interface PickedWorker {
  id: string;
  name: string;
  cpf: string | null;
  company: string | null;
}

/** '12345678909' → '123.456.789-09'; anything else as stored. */
export const formatCpf = (cpf: string | null) => {
  const digits = cpf?.replace(/\D/g, '') ?? '';
  return digits.length === 11 ? digits.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4') : (cpf ?? '');
};

const describe = (w: PickedWorker) => [w.name, w.cpf ? `CPF ${formatCpf(w.cpf)}` : null, w.company].filter(Boolean).join(' — ');

export interface WorkerComboboxProps extends FieldControlProps {
  value: PickedWorker | null;
  onChange: (worker: PickedWorker | null) => void;
  disabled?: boolean;
}

/**
 * Search-as-you-type worker picker (ARIA 1.2 combobox with a listbox popup) over the patients API,
 * which matches the name without accents or case, or the CPF digits. Keyboard: ↓/↑ open the list
 * and move through the results, Enter picks, Escape closes the list (in a dialog, only the list);
 * typing again clears the pick. Rendered inside a `Field`, which gives it the label, hint and error.
 */
export function WorkerCombobox({ value, onChange, disabled, id, ...aria }: WorkerComboboxProps) {
  const listId = useId();
  const statusId = useId();
  const [text, setText] = useState(value ? value.name : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebouncedValue(text.trim());
  const searching = open && (!value || text !== value.name);
  const results = useQuery({
    queryKey: ['patients', 'search', q],
    queryFn: ({ signal }) => searchPatients(q, signal),
    enabled: searching,
    staleTime: 30_000,
  });
  // while the text is still settling (debounce) or its search runs, the list shows nothing stale
  const pending = searching && (results.isPending || results.isFetching || q !== text.trim());
  const options: PickedWorker[] = searching && !pending ? (results.data ?? []).map((p) => ({ id: p.id, name: p.name, cpf: p.cpf, company: p.company })) : [];

  function pick(worker: PickedWorker) {
    onChange(worker);
    setText(worker.name);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(-1);
        return;
      }
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      if (open && active >= 0 && options[active]) {
        event.preventDefault();
        pick(options[active]);
      }
    } else if (event.key === 'Escape' && open) {
      // inside a dialog, DialogContent lets this Escape close the list only
      event.preventDefault();
      setOpen(false);
      setActive(-1);
      if (value) setText(value.name);
    }
  }

  let status = '';
  if (searching) {
    if (pending) status = 'Buscando trabalhadores...';
    else if (results.isError) status = errorMessage(results.error, 'Erro ao buscar trabalhadores. Tente novamente.');
    else if (options.length === 0) status = q ? `Nenhum trabalhador encontrado para “${q}”.` : 'Nenhum trabalhador cadastrado.';
    else status = `${options.length} ${options.length === 1 ? 'trabalhador encontrado' : 'trabalhadores encontrados'}: use as setas para escolher.`;
  }
  const activeId = open && active >= 0 && options[active] ? `${listId}-${options[active].id}` : undefined;

  return (
    <div className="worker-combobox">
      <input
        {...aria}
        id={id}
        className="ui-input worker-combobox__input"
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-describedby={[aria['aria-describedby'], statusId].filter(Boolean).join(' ')}
        placeholder="Nome ou CPF do trabalhador"
        value={text}
        disabled={disabled}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          if (value) onChange(null);
        }}
        onFocus={() => text && !value && setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Trabalhadores encontrados" className="worker-combobox__list" hidden={!open || options.length === 0}>
        {options.map((w, i) => (
          <li
            key={w.id}
            id={`${listId}-${w.id}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'worker-combobox__option worker-combobox__option--active' : 'worker-combobox__option'}
            // mousedown, not click: the input must not lose focus (and close the list) first
            onMouseDown={(event) => {
              event.preventDefault();
              pick(w);
            }}
            onMouseMove={() => setActive(i)}
          >
            <span className="worker-combobox__name">{w.name}</span>
            <span className="worker-combobox__meta">{[w.cpf ? `CPF ${formatCpf(w.cpf)}` : null, w.company].filter(Boolean).join(' · ') || 'Sem CPF nem empresa'}</span>
          </li>
        ))}
      </ul>
      <p id={statusId} className={open && status ? 'worker-combobox__status' : 'visually-hidden'} role="status" aria-live="polite">
        {open && pending && <Spinner size="sm" />}
        {open ? status : value ? `Selecionado: ${describe(value)}` : ''}
      </p>
    </div>
  );
}
