import { useId, useRef, useState, type DragEvent } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { IconAlertCircle, IconCheck, IconFileText, IconTrash } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { uploadExamFile, type UploadAnswer } from '../api';
import { ACCEPT_ATTRIBUTE, batchToasts, fileProblem, sizeInKb } from '../upload-rules';
import './upload.css';

export type UploadItemState = 'selected' | 'uploading' | 'uploaded' | 'error';

/** One file of the list (spec §4 "Upload file item"). */
export interface UploadItem {
  key: string;
  file: File;
  state: UploadItemState;
  /** The server's answer once stored. */
  answer?: UploadAnswer;
  /** The server's message, else 'Erro ao fazer upload'. */
  error?: string;
}

/** What `onUploaded` receives after each 'Enviar': every file sent in this batch. */
export interface UploadBatchResult {
  examId: string;
  items: UploadItem[];
  uploaded: number;
  failed: number;
  analysisFailed: number;
  analysisPending: number;
  /** Read but held for the professional's review (issue 14). */
  reviewPending: number;
}

export interface FileDropZoneProps {
  /** The exam the files belong to; without it (or `userId`) 'Enviar' explains what is missing. */
  examId: string | null | undefined;
  /** The logged-in professional (`uploadedBy`). */
  userId: string | null | undefined;
  /** Called after a batch finished (some files may have failed): refresh the status panel here. */
  onUploaded?: (result: UploadBatchResult) => void;
  disabled?: boolean;
}

let sequence = 0;

/**
 * Spec §2 "file drop zone", §4, §5, §8: pick or drop PDF/JPEG/PNG files (≤ 10 MB each), see them
 * listed with their state, remove the ones not sent yet, then 'Enviar' sends each file as its own
 * multipart request, in parallel. The zone is a real button, so Enter/Space open the picker.
 */
export function FileDropZone({ examId, userId, onUploaded, disabled = false }: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const [sending, setSending] = useState(false);
  const [missing, setMissing] = useState(false);

  function add(files: FileList | File[]) {
    const problems: string[] = [];
    const accepted: UploadItem[] = [];
    for (const file of Array.from(files)) {
      const problem = fileProblem(file);
      if (problem) problems.push(problem);
      else accepted.push({ key: `f${++sequence}`, file, state: 'selected' });
    }
    setRefused(problems);
    if (accepted.length) setItems((list) => [...list, ...accepted]);
  }

  const patch = (key: string, next: Partial<UploadItem>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...next } : i)));

  async function send() {
    if (!examId || !userId) {
      setMissing(true);
      return;
    }
    setMissing(false);
    const batch = items.filter((i) => i.state === 'selected' || i.state === 'error');
    if (batch.length === 0) return;
    setSending(true);
    setItems((list) => list.map((i) => (batch.some((b) => b.key === i.key) ? { ...i, state: 'uploading', error: undefined } : i)));
    const done = await Promise.all(
      batch.map(async (item): Promise<UploadItem> => {
        try {
          const answer = await uploadExamFile(examId, userId, item.file);
          const next = { ...item, state: 'uploaded' as const, answer, error: undefined };
          patch(item.key, next);
          return next;
        } catch (error) {
          const next = { ...item, state: 'error' as const, error: errorMessage(error, 'Erro ao fazer upload') };
          patch(item.key, next);
          return next;
        }
      }),
    );
    setSending(false);
    const ok = done.filter((i) => i.state === 'uploaded');
    const result: UploadBatchResult = {
      examId,
      items: done,
      uploaded: ok.length,
      failed: done.length - ok.length,
      analysisFailed: ok.filter((i) => i.answer && !i.answer.analysisSucceeded && !i.answer.analysisPending && !i.answer.reviewPending).length,
      analysisPending: ok.filter((i) => i.answer?.analysisPending).length,
      reviewPending: ok.filter((i) => i.answer?.reviewPending).length,
    };
    for (const t of batchToasts(result)) toast[t.kind](t.message);
    onUploaded?.(result);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (disabled || sending) return;
    add(event.dataTransfer.files);
  }

  const pending = items.filter((i) => i.state === 'selected' || i.state === 'error').length;
  const uploadedCount = items.filter((i) => i.state === 'uploaded').length;

  return (
    <div className="file-drop">
      <button
        type="button"
        className={`file-drop__zone${dragging ? ' file-drop__zone--active' : ''}`}
        aria-describedby={hintId}
        disabled={disabled || sending}
        onClick={() => inputRef.current?.click()}
        onDragEnter={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <UploadGlyph />
        <span className="file-drop__title">Arraste os arquivos do audiograma aqui ou clique para selecionar</span>
        <span id={hintId} className="file-drop__hint">
          PDF, JPEG ou PNG — até 10MB por arquivo. Vários arquivos podem ser enviados de uma vez.
        </span>
      </button>
      <input
        ref={inputRef}
        type="file"
        multiple
        hidden
        accept={ACCEPT_ATTRIBUTE}
        aria-label="Selecionar arquivos do audiograma"
        data-testid="file-drop-input"
        onChange={(e) => {
          if (e.target.files) add(e.target.files);
          e.target.value = '';
        }}
      />

      {refused.length > 0 && (
        <Banner variant="error" className="file-drop__refused">
          <ul>
            {refused.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </Banner>
      )}
      {missing && <Banner variant="error">ExamId e UserId são necessários para upload</Banner>}

      {items.length > 0 && (
        <>
          <ul className="file-drop__list" aria-label="Arquivos selecionados">
            {items.map((item) => (
              <FileRow key={item.key} item={item} onRemove={() => setItems((list) => list.filter((i) => i.key !== item.key))} />
            ))}
          </ul>
          <div className="file-drop__footer">
            <p className="file-drop__count" aria-live="polite">
              {uploadedCount} de {items.length} arquivo(s) enviado(s)
            </p>
            <Button onClick={() => void send()} disabled={disabled || pending === 0} loading={sending} loadingText="Enviando...">
              Enviar
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

const STATE_TEXT: Record<UploadItemState, string> = {
  selected: 'Pronto para enviar',
  uploading: 'Enviando...',
  uploaded: 'Enviado',
  error: 'Erro',
};

function analysisNote(answer: UploadAnswer | undefined): string | null {
  if (!answer) return null;
  if (answer.analysisSucceeded) return 'leitura automática concluída';
  if (answer.analysisPending) return 'leitura automática em andamento';
  if (answer.reviewPending) return answer.identityStatus === 'mismatch' ? 'leitura retida — arquivo de outra pessoa' : 'leitura aguardando sua revisão';
  return 'sem leitura automática — preencha manualmente';
}

function FileRow({ item, onRemove }: { item: UploadItem; onRemove: () => void }) {
  const removable = item.state === 'selected' || item.state === 'error';
  const note = analysisNote(item.answer);
  return (
    <li className={`file-item file-item--${item.state}`} data-state={item.state}>
      <IconFileText className="file-item__icon" size={20} />
      <div className="file-item__body">
        <span className="file-item__name">{item.file.name}</span>
        <span className="file-item__meta">
          {sizeInKb(item.file.size)}
          {note && ` · ${note}`}
        </span>
        {item.state === 'error' && <span className="file-item__error">{item.error}</span>}
      </div>
      <span className="file-item__state">
        {item.state === 'uploading' && <Spinner size="sm" />}
        {item.state === 'uploaded' && <IconCheck className="file-item__tick" size={18} />}
        {item.state === 'error' && <IconAlertCircle className="file-item__cross" size={18} />}
        <span>{STATE_TEXT[item.state]}</span>
      </span>
      {removable && (
        <Button variant="ghost" size="sm" aria-label={`Remover ${item.file.name}`} onClick={onRemove}>
          <IconTrash size={16} />
        </Button>
      )}
    </li>
  );
}

function UploadGlyph() {
  return (
    <svg className="file-drop__glyph" width={32} height={32} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M12 15V4" />
      <path d="m7.5 8.5 4.5-4.5 4.5 4.5" />
      <path d="M4 15v3.5A1.5 1.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V15" />
    </svg>
  );
}
