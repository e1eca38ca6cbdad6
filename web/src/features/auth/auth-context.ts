import { createContext, useContext } from 'react';
import type { AuthStatus, AuthUser } from './types';

export interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  /** After login, registration or third-party sign-in: stores the token and sets the user. */
  login: (token: string, user: AuthUser) => void;
  /** After the profile changed (settings, profile completion): the menu shows the new name. */
  updateUser: (user: AuthUser) => void;
  /** Server logout (failure ignored), token cleared, success toast, then /login. */
  logout: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
