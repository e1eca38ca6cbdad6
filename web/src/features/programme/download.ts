import { getToken } from '../../lib/api-client';

/**
 * Downloads a file of the API with the bearer token (a plain link cannot send it) and saves it
 * under the server's file name (Content-Disposition), else `fallbackName`. Throws an Error with the
 * server's pt-BR message on a refusal.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
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
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
