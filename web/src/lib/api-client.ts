import { isPublicPathname, paths } from '../config/paths';
import { codeForStatus, messageFor } from '../i18n/error-messages';

/** The one local-storage key holding the bearer token (product.md: "One token key in the browser"). */
export const TOKEN_STORAGE_KEY = 'limiar.token';
const API_BASE = '/api';

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage unavailable (private mode): nothing stored, nothing to clear.
  }
}

export interface ApiIssue {
  path: string;
  message: string;
}

/** A failed API call: HTTP status (0 when the server was unreachable), stable code, pt-BR message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** True when `message` is the server's own text rather than a client-side fallback. */
    readonly fromServer: boolean,
    readonly issues: ApiIssue[] = [],
  ) {
    super(message);
  }
}

/** The server's message when it sent one, else `fallback` (the spec's per-screen text). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}

/**
 * Issue 18: a refusal (403 — e.g. the member's roles changed while the page was open) shows the server's
 * pt-BR reason; any other failure keeps the screen's own text (`fallback`).
 */
export function refusalOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === 403 ? error.message : fallback;
}

type JsonBody = Record<string, unknown> | unknown[];

export interface RequestOptions {
  body?: JsonBody | FormData;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

function parseIssues(value: unknown): ApiIssue[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((issue) => ({
    path: Array.isArray(issue.path) ? issue.path.join('.') : String(issue.path ?? ''),
    message: String(issue.message ?? ''),
  }));
}

/** Reads `{ error, message, code, issues }` (or the nested `{ error: { code, message, issues } }`). */
function toApiError(status: number, body: unknown): ApiError {
  const source = isRecord(body) && isRecord(body.error) ? body.error : body;
  const fields = isRecord(source) ? source : {};
  const code = text(fields.code) ?? codeForStatus(status);
  const serverMessage = text(fields.error) ?? text(fields.message);
  return new ApiError(
    status,
    code,
    serverMessage ?? messageFor(code),
    serverMessage !== undefined,
    parseIssues(fields.issues),
  );
}

/** Issue 18: dispatched on a role refusal (403 AUTH.FORBIDDEN); the auth provider reloads the profile's permissions. */
export const FORBIDDEN_EVENT = 'limiar:forbidden';

/** spec §4: any 401 clears the token and forces a full reload on /login, except on public pages. */
function handleUnauthorized(): void {
  clearToken();
  if (!isPublicPathname(window.location.pathname)) {
    window.location.replace(paths.login.getHref());
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const raw = await response.text();
  if (raw === '') return undefined;
  const isJson = response.headers.get('content-type')?.includes('json') ?? false;
  if (!isJson) return raw;
  try {
    return JSON.parse(raw);
  } catch {
    throw new ApiError(response.status, 'INVALID_RESPONSE', messageFor('INVALID_RESPONSE'), false);
  }
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { method, headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', messageFor('NETWORK_ERROR'), false);
  }

  if (response.status === 401) handleUnauthorized();
  const payload = await readBody(response);
  if (!response.ok) {
    const error = toApiError(response.status, payload);
    // the member's roles changed while the page was open: the menus and buttons follow the new permissions
    if (error.status === 403 && error.code === 'AUTH.FORBIDDEN') window.dispatchEvent(new Event(FORBIDDEN_EVENT));
    throw error;
  }
  return payload as T;
}

/** JSON client for the Limiar API. Paths are relative to `/api` (spec §7, product.md decision 4). */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: RequestOptions['body'], options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: RequestOptions['body'], options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: RequestOptions['body'], options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PATCH', path, { ...options, body }),
  /** A body only where the API asks for one (e.g. the reason of an exam's removal). */
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
