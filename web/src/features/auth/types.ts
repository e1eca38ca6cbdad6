/** The logged-in professional as returned by `GET /api/auth/me` and `POST /api/auth/login`. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  professionalType: string;
  specialization?: string | null;
}

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

const professionalTypeLabels: Record<string, string> = {
  Medico: 'Médico(a)',
  Fonoaudiologo: 'Fonoaudiólogo(a)',
  Engenheiro: 'Engenheiro(a) de Segurança',
  EngenheiroTrabalho: 'Engenheiro(a) de Segurança',
};

export function professionalTypeLabel(type: string): string {
  return professionalTypeLabels[type] ?? type;
}

export function isAuthUser(value: unknown): value is AuthUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user.id === 'string' &&
    typeof user.name === 'string' &&
    typeof user.email === 'string'
  );
}
