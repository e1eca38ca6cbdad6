import { getToken } from './api-client';

/** What a download says when it fails (each screen words its own). */
export interface DownloadMessages {
  /** The request did not reach the server. */
  readonly offline?: string;
  /** The server refused without a message of its own. */
  readonly refused?: string;
}

/**
 * Downloads a file of the API with the bearer token (a plain link cannot send it) and saves it under
 * the server's file name (Content-Disposition), else `fallbackName`. Answers false when the server had
 * nothing to send (204); throws an Error with the server's pt-BR message on a refusal. The one download
 * of the web app: CSV exports, the annual report, the LGPD export, the S-2220 XML and zip.
 */
export async function downloadFile(url: string, fallbackName: string, messages: DownloadMessages = {}): Promise<boolean> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new Error(messages.offline ?? 'Não foi possível baixar o arquivo. Verifique sua conexão.');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string; error?: string | { message?: string } } | null;
    const message = body?.message ?? (typeof body?.error === 'string' ? body.error : body?.error?.message);
    throw new Error(message ?? messages.refused ?? 'Não foi possível baixar o arquivo. Tente novamente.');
  }
  if (res.status === 204) return false;
  const blob = await res.blob();
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
  return true;
}
