import { ApiError, clearToken, getToken } from '../../lib/api-client';
import { isPublicPathname, paths } from '../../config/paths';
import { codeForStatus, messageFor } from '../../i18n/error-messages';

/** One page of a list endpoint: the rows and the total from `X-Total-Count`. */
export interface Page<T> {
  items: T[];
  total: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/**
 * GET a paged list from the Limiar API (`/api` + `path`) and read the `X-Total-Count` header,
 * which `lib/api-client` does not expose. Same token, same 401 handling, same `ApiError` as the
 * shared client, so screens treat both alike.
 */
export async function fetchPage<T>(path: string, signal?: AbortSignal): Promise<Page<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', messageFor('NETWORK_ERROR'), false);
  }
  if (response.status === 401) {
    clearToken();
    if (!isPublicPathname(window.location.pathname)) window.location.replace(paths.login.getHref());
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const fields = isRecord(body) ? (isRecord(body.error) ? body.error : body) : {};
    const code = text(fields.code) ?? codeForStatus(response.status);
    const message = text(fields.error) ?? text(fields.message);
    throw new ApiError(response.status, code, message ?? messageFor(code), message !== undefined);
  }
  if (!Array.isArray(body)) throw new ApiError(response.status, 'INVALID_RESPONSE', messageFor('INVALID_RESPONSE'), false);
  const header = Number(response.headers.get('X-Total-Count'));
  return { items: body as T[], total: Number.isFinite(header) && response.headers.has('X-Total-Count') ? header : body.length };
}

/** `?a=1&b=x` from the defined, non-empty entries of `params`. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}
