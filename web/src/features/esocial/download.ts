import { getToken } from '../../lib/api-client';

/**
 * Downloads an eSocial file of the API (the S-2220 XML or the batch zip) with the bearer token (a plain link
 * cannot send it) and saves it under the server's file name (Content-Disposition), else `fallbackName`.
 * Answers false when the server had nothing to send (204); throws an Error with the server's pt-BR message on
 * a refusal. (The same steps as the programme's CSV download, kept here: features share only their index.)
 */
export async function downloadFile(url: string, fallbackName: string): Promise<boolean> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new Error('Não foi possível baixar o arquivo. Verifique sua conexão.');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string; error?: string | { message?: string } } | null;
    const message = body?.message ?? (typeof body?.error === 'string' ? body.error : body?.error?.message);
    throw new Error(message ?? 'Não foi possível baixar o arquivo. Tente novamente.');
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
