import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { errorMessage } from './api-client';

/**
 * The one form layer of the web app (issue 16): every form keeps its values, its first problem and
 * its busy flag here, checks before sending, and turns a failure into the same banner. The checks
 * stay plain functions (`validate`), in the spec's order, so a form's pt-BR messages sit with its
 * rules. (react-hook-form with a zod resolver was the other option, not taken: the spec's forms report
 * the first problem in a fixed order in one banner, which a schema resolver does not model.)
 */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The e-mail shape the forms accept before sending (the server checks again). */
export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

/** What is wrong with the form: the banner text and the fields to mark invalid. */
export interface FormProblem<F extends string = string> {
  message: string;
  fields: F[];
  /** Texts under single fields (the server's `issues[]`), for forms that show them. */
  fieldMessages?: Partial<Record<F, string>>;
}

export interface FormOptions<V, F extends string> {
  /** The client-side checks: the first problem, or null to send. */
  validate?: (values: V) => FormProblem<F> | null;
  /** Sends the values; throws (an ApiError or anything) on failure. `setValues` takes the saved state. */
  submit: (values: V, setValues: (next: V) => void) => Promise<unknown>;
  /** The banner when the failure carries no message of its own. */
  failureMessage: string;
  /** Extra reaction to a failure (a toast), after the banner is set. */
  onFailure?: (message: string, error: unknown) => void;
  /** Per-field texts taken from the failure (e.g. the server's issues). */
  fieldMessagesOf?: (error: unknown) => Partial<Record<F, string>>;
  /** Moves the keyboard focus to the first invalid control (by its `name`) when a check fails. */
  focusInvalid?: boolean;
  /** Stays busy after a success (the page leaves after a delay and must not be sent twice). */
  keepBusyOnSuccess?: boolean;
}

export interface Form<V, F extends string> {
  values: V;
  setValues: (next: V | ((current: V) => V)) => void;
  set: <K extends keyof V>(field: K, value: V[K]) => void;
  problem: FormProblem<F> | null;
  setProblem: (problem: FormProblem<F> | null) => void;
  /** Whether a field is marked by the current problem. */
  invalid: (field: F) => boolean;
  /** The current problem's own text for a field, if it has one. */
  fieldMessage: (field: F) => string | undefined;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** `name`, `value`, `onChange` and `disabled` for an Input, Select or Textarea holding a text field. */
  text: <K extends keyof V & string>(field: K) => {
    name: K;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
    disabled: boolean;
  };
}

export function useForm<V extends object, F extends string = Extract<keyof V, string>>(
  initial: V | (() => V),
  options: FormOptions<V, F>,
): Form<V, F> {
  const [values, setValues] = useState<V>(initial);
  const [problem, setProblem] = useState<FormProblem<F> | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const set = <K extends keyof V>(field: K, value: V[K]) => setValues((current) => ({ ...current, [field]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    const formElement = event.currentTarget;
    const found = options.validate?.(values) ?? null;
    setProblem(found);
    if (found) {
      if (options.focusInvalid) focusFirstInvalid(formElement, found.fields);
      return;
    }
    sending.current = true;
    setBusy(true);
    let succeeded = false;
    try {
      await options.submit(values, setValues);
      succeeded = true;
    } catch (error) {
      const message = errorMessage(error, options.failureMessage);
      const fieldMessages = options.fieldMessagesOf?.(error) ?? {};
      setProblem({ message, fields: Object.keys(fieldMessages) as F[], fieldMessages });
      options.onFailure?.(message, error);
    } finally {
      if (!(succeeded && options.keepBusyOnSuccess)) {
        sending.current = false;
        setBusy(false);
      }
    }
  }

  return {
    values,
    setValues,
    set,
    problem,
    setProblem,
    invalid: (field) => problem?.fields.includes(field) ?? false,
    fieldMessage: (field) => problem?.fieldMessages?.[field],
    busy,
    onSubmit,
    text: (field) => ({
      name: field,
      value: String(values[field] ?? ''),
      onChange: (event) => set(field, event.target.value as V[typeof field]),
      disabled: busy,
    }),
  };
}

/** Moves the keyboard focus to the first invalid control, so the message is where the user is. */
function focusFirstInvalid(form: HTMLFormElement, fields: readonly string[]) {
  const first = fields[0];
  if (!first) return;
  requestAnimationFrame(() => form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
}
