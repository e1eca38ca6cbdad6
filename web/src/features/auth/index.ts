/** The auth feature's public surface: the session hook, the user type, the auth page frame and the session reader. */
export { useAuth, type AuthContextValue } from './auth-context';
export { professionalTypeLabel, can, type AuthUser, type AuthOrganization } from './types';
export { canFinalizeLaudo, useCan, NEXO_FINALIZE_NOTE, type Action, type Role } from './permissions';
export { RequirePermission } from './require-permission';
export { AuthLayout, type AuthLayoutProps } from './components/auth-layout';
export { toAuthSession, type AuthSession } from './api/auth-session';
export { AuthProvider } from './auth-provider';
export { ProtectedRoute } from './protected-route';
export { LoginForm } from './components/login-form';
export { useSwitchOrganization, switchOrganization } from './api/switch-organization';
export { afterLoginPath } from './after-login';
