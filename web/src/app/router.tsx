import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { ProtectedRoute } from '../features/auth/protected-route';
import { RootLayout } from './root-layout';
import { RouteError } from './routes/route-error';

const AppLayout = lazy(() => import('../components/layout/app-layout'));
const LoginRoute = lazy(() => import('./routes/login'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));
const LandingPage = lazy(() => import('../features/public-site/landing-page'));
const RegisterPage = lazy(() => import('../features/register/register-page'));
const PrivacyPage = lazy(() => import('../features/public-site/privacy-page'));
const TermsPage = lazy(() => import('../features/public-site/terms-page'));
const DataDeletionPage = lazy(() => import('../features/public-site/data-deletion-page'));
const ContactPage = lazy(() => import('../features/public-site/contact-page'));
const SupportPage = lazy(() => import('../features/public-site/support-page'));
const SettingsPage = lazy(() => import('../features/settings/settings-page'));
const OldHomePage = lazy(() => import('../features/public-site/old-home-page'));

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
      { path: paths.home.path, element: <LandingPage /> },
      { path: paths.login.path, element: <LoginRoute /> },
      { path: paths.register.path, element: <RegisterPage /> },
      { path: paths.privacy.path, element: <PrivacyPage /> },
      { path: paths.terms.path, element: <TermsPage /> },
      { path: paths.dataDeletion.path, element: <DataDeletionPage /> },
      { path: paths.contact.path, element: <ContactPage /> },
      { path: paths.support.path, element: <SupportPage /> },
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
          { path: paths.settings.path, element: <SettingsPage /> },
          { path: paths.oldHome.path, element: <OldHomePage /> },
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
