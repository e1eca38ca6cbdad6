/**
 * Error code → pt-BR message, the one place the web app turns a server or client error code into
 * words (style-guide §3). The server already sends a pt-BR `error` text; these are the fallbacks used
 * when a body has no text, or for errors that never reached the server.
 */
const messages: Record<string, string> = {
  NETWORK_ERROR: 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.',
  INVALID_RESPONSE: 'O servidor enviou uma resposta inesperada. Tente novamente.',
  UNAUTHENTICATED: 'Sua sessão expirou. Entre novamente.',
  FORBIDDEN: 'Você não tem permissão para realizar esta ação.',
  NOT_FOUND: 'Registro não encontrado.',
  VALIDATION_ERROR: 'Verifique os campos destacados e tente novamente.',
  CONFLICT: 'Este registro já existe.',
  PAYLOAD_TOO_LARGE: 'Arquivo muito grande. Tamanho máximo: 10MB.',
  RATE_LIMITED: 'Muitas tentativas. Aguarde alguns instantes e tente novamente.',
  INTERNAL_ERROR: 'Erro interno do servidor. Tente novamente em instantes.',
  SERVICE_UNAVAILABLE: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
};

/** Code used when a response carries none, derived from the HTTP status. */
export function codeForStatus(status: number): string {
  if (status === 0) return 'NETWORK_ERROR';
  if (status === 400 || status === 422) return 'VALIDATION_ERROR';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'SERVICE_UNAVAILABLE';
  return 'INTERNAL_ERROR';
}

export const GENERIC_ERROR_MESSAGE = 'Ocorreu um erro inesperado. Tente novamente.';

/** pt-BR text for `code`; `fallback` (usually the spec's screen-specific text) when the code is unknown. */
export function messageFor(code: string | undefined, fallback: string = GENERIC_ERROR_MESSAGE): string {
  return (code && messages[code]) || fallback;
}
