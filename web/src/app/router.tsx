import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { ProtectedRoute } from '../features/auth/protected-route';
import { RootLayout } from './root-layout';
import { RouteError } from './routes/route-error';

const AppLayout = lazy(() => import('../components/layout/app-layout'));
const LoginRoute = lazy(() => import('./routes/login'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

/**
 * Routes whose page arrives with its own issue answer with the honest not-found page until then;
 * protected ones still sit behind the guard and inside the app layout.
 */
const publicNotBuilt = <NotFoundRoute variant="standalone" />;
const protectedNotBuilt = <NotFoundRoute variant="in-app" />;

/** The route table of spec §2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: paths.home.path, element: publicNotBuilt },
      { path: paths.login.path, element: <LoginRoute /> },
      { path: paths.register.path, element: publicNotBuilt },
      { path: paths.privacy.path, element: publicNotBuilt },
      { path: paths.terms.path, element: publicNotBuilt },
      { path: paths.dataDeletion.path, element: publicNotBuilt },
      { path: paths.contact.path, element: publicNotBuilt },
      { path: paths.support.path, element: publicNotBuilt },
      {
        element: (
          <ProtectedRoute>
            <AppLayout />
          </ProtectedRoute>
        ),
        errorElement: <RouteError />,
        children: [
          { path: paths.dashboard.path, element: protectedNotBuilt },
          { path: paths.patients.path, element: protectedNotBuilt },
          { path: paths.patientNew.path, element: protectedNotBuilt },
          { path: paths.patientDetail.path, element: protectedNotBuilt },
          { path: paths.patientEdit.path, element: protectedNotBuilt },
          { path: paths.patientEvolution.path, element: protectedNotBuilt },
          { path: paths.exams.path, element: protectedNotBuilt },
          { path: paths.examDetail.path, element: protectedNotBuilt },
          { path: paths.reports.path, element: protectedNotBuilt },
          { path: paths.reportDetail.path, element: protectedNotBuilt },
          { path: paths.reportEvolution.path, element: protectedNotBuilt },
          { path: paths.reportWizard.path, element: protectedNotBuilt },
          { path: paths.settings.path, element: protectedNotBuilt },
          { path: paths.oldHome.path, element: protectedNotBuilt },
          { path: paths.examNew.path, element: protectedNotBuilt },
          { path: paths.reportEditor.path, element: protectedNotBuilt },
        ],
      },
      { path: '*', element: publicNotBuilt },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
