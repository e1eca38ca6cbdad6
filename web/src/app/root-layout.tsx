import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '../components/ui/spinner';
import { AuthProvider } from '../features/auth';

/** Root route element: auth state for every page, and the fallback while a lazy page loads. */
export function RootLayout() {
  return (
    <AuthProvider>
      <Suspense fallback={<LoadingState fullPage />}>
        <Outlet />
      </Suspense>
    </AuthProvider>
  );
}
