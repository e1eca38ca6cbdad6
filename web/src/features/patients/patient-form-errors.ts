import { ApiError } from '../../lib/api-client';

/** Field errors from the server's `issues[]`, keyed by the first path segment (`cpf`, `age`, ...). */
export function issuesByField(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.split('.')[0] ?? '';
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}
