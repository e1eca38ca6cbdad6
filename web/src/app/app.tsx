import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { toasterProps } from '../lib/toast';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

/** App-wide providers: server-state cache, the router (whose root holds the AuthProvider), toasts. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster {...toasterProps} />
    </QueryClientProvider>
  );
}
