/** Spec §5 and §9: upload limits and the messages of a refused file. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024; // 10 485 760 bytes
export const ACCEPTED_MEDIA_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** For the file picker: types and extensions (some systems give no type for a file). */
export const ACCEPT_ATTRIBUTE = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

const EXTENSION_TYPES: Record<string, string> = { pdf: 'application/pdf', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };

/** The declared type, or the one implied by the extension when the browser gave none. */
function declaredType(file: { name: string; type: string }): string {
  if (file.type) return file.type;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return EXTENSION_TYPES[ext] ?? '';
}

/**
 * The pt-BR reason a file cannot be added, or null when it may be uploaded. The server checks the
 * content again (magic bytes, product.md decision 7), so a renamed file is still refused there.
 */
export function fileProblem(file: { name: string; type: string; size: number }): string | null {
  if (!(ACCEPTED_MEDIA_TYPES as readonly string[]).includes(declaredType(file))) {
    return `O arquivo '${file.name}' não é suportado. Apenas PDF, JPEG e PNG são aceitos.`;
  }
  if (file.size > MAX_UPLOAD_BYTES) return `O arquivo '${file.name}' é muito grande. Tamanho máximo: 10MB.`;
  return null;
}

/** Size in whole KB, pt-BR digits ("1.234 KB"). */
export const sizeInKb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('pt-BR')} KB`;

export interface BatchCounts {
  /** Files the server stored. */
  uploaded: number;
  /** Files refused or lost on the way. */
  failed: number;
  /** Stored files whose automatic reading failed (manual entry needed). */
  analysisFailed: number;
  /** Stored files still being read by the local model (the status panel polls). */
  analysisPending: number;
  /** Stored files read but held for the professional's review (issue 14). */
  reviewPending?: number;
}

export type BatchToast =
  | { kind: 'error'; message: string }
  | { kind: 'manualFill'; message: string }
  | { kind: 'info'; message: string }
  | { kind: 'success'; message: string };

/** Spec §8: the toasts that close an upload batch (error 5 s, manual fill 6 s, success 3 s). */
export function batchToasts(c: BatchCounts): BatchToast[] {
  const toasts: BatchToast[] = [];
  if (c.failed > 0) toasts.push({ kind: 'error', message: 'Erro ao fazer upload de alguns arquivos. Tente novamente.' });
  if (c.analysisFailed > 0) {
    toasts.push({
      kind: 'manualFill',
      message: `${c.uploaded} arquivo(s) enviado(s); ${c.analysisFailed} sem leitura automática — você precisará preencher os dados manualmente`,
    });
  } else if ((c.reviewPending ?? 0) > 0) {
    toasts.push({ kind: 'info', message: `${c.uploaded} arquivo(s) enviado(s); leitura aguardando sua revisão antes de entrar no exame` });
  } else if (c.analysisPending > 0) {
    toasts.push({ kind: 'info', message: `${c.uploaded} arquivo(s) enviado(s); análise automática em andamento` });
  } else if (c.failed === 0 && c.uploaded > 0) {
    toasts.push({ kind: 'success', message: `${c.uploaded} arquivo(s) enviado(s) e analisado(s) com sucesso!` });
  }
  return toasts;
}
