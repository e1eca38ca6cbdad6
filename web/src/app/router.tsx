import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { ProtectedRoute } from '../features/auth';
import { RootLayout } from './root-layout';
import { RouteError } from './routes/route-error';

const AppLayout = lazy(() => import('../components/layout/app-layout'));
const LoginRoute = lazy(() => import('./routes/login'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));
const LandingPage = lazy(() => import('../features/public-site/landing-page'));
const RegisterPage = lazy(() => import('../features/register/register-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'));
const PrivacyPage = lazy(() => import('../features/public-site/privacy-page'));
const TermsPage = lazy(() => import('../features/public-site/terms-page'));
const DataDeletionPage = lazy(() => import('../features/public-site/data-deletion-page'));
const ContactPage = lazy(() => import('../features/public-site/contact-page'));
const SupportPage = lazy(() => import('../features/public-site/support-page'));
const InvitationPage = lazy(() => import('../features/team/invitation-page'));
const VerifyPage = lazy(() => import('../features/public-site/verify-page'));
const OrganizationPickerPage = lazy(() => import('../features/team/organization-picker-page'));
const SettingsPage = lazy(() => import('../features/settings/settings-page'));
const OldHomePage = lazy(() => import('../features/public-site/old-home-page'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const PatientListPage = lazy(() => import('../features/patients/patient-list-page'));
const PatientNewPage = lazy(() => import('../features/patients/patient-new-page'));
const PatientDetailPage = lazy(() => import('../features/patients/patient-detail-page'));
const PatientEditPage = lazy(() => import('../features/patients/patient-edit-page'));
const EvolutionPage = lazy(() => import('../features/evolution/evolution-page'));
const ExamListPage = lazy(() => import('../features/exams/exam-list-page'));
const ExamDetailPage = lazy(() => import('../features/exams/exam-detail-page'));
const ExamNewPage = lazy(() => import('../features/exams/exam-new-page'));
const ReportEvolutionPage = lazy(() => import('../features/report-evolution/report-evolution-page'));
const ReportListPage = lazy(() => import('../features/reports/report-list-page'));
const ReportDetailPage = lazy(() => import('../features/reports/report-detail-page'));
const ReportWizardPage = lazy(() => import('../features/report-wizard/report-wizard-page'));
const ReportEditorPage = lazy(() => import('../features/report-editor/report-editor-page'));
const CompanyListPage = lazy(() => import('../features/companies/company-list-page'));
const CompanyPage = lazy(() => import('../features/companies/company-page'));
const ProgrammePage = lazy(() => import('../features/programme/programme-page'));
const AuditPage = lazy(() => import('../features/audit/audit-page'));
const PrivacyRequestsPage = lazy(() => import('../features/privacy/privacy-requests-page'));
const DataDeletionStatusPage = lazy(() => import('../features/public-site/data-deletion-status-page'));

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
      { path: paths.forgotPassword.path, element: <ForgotPasswordPage /> },
      { path: paths.resetPassword.path, element: <ResetPasswordPage /> },
      { path: paths.privacy.path, element: <PrivacyPage /> },
      { path: paths.terms.path, element: <TermsPage /> },
      { path: paths.dataDeletion.path, element: <DataDeletionPage /> },
      { path: paths.dataDeletionStatus.path, element: <DataDeletionStatusPage /> },
      { path: paths.contact.path, element: <ContactPage /> },
      { path: paths.support.path, element: <SupportPage /> },
      { path: paths.invitation.path, element: <InvitationPage /> },
      { path: paths.verify.path, element: <VerifyPage /> },
      { path: paths.verifyCode.path, element: <VerifyPage /> },
      {
        element: (
          <ProtectedRoute>
            <AppLayout />
          </ProtectedRoute>
        ),
        errorElement: <RouteError />,
        children: [
          { path: paths.dashboard.path, element: <DashboardPage /> },
          { path: paths.patients.path, element: <PatientListPage /> },
          { path: paths.patientNew.path, element: <PatientNewPage /> },
          { path: paths.patientDetail.path, element: <PatientDetailPage /> },
          { path: paths.patientEdit.path, element: <PatientEditPage /> },
          { path: paths.patientEvolution.path, element: <EvolutionPage /> },
          { path: paths.exams.path, element: <ExamListPage /> },
          { path: paths.examDetail.path, element: <ExamDetailPage /> },
          { path: paths.reports.path, element: <ReportListPage /> },
          { path: paths.reportDetail.path, element: <ReportDetailPage /> },
          { path: paths.reportEvolution.path, element: <ReportEvolutionPage /> },
          { path: paths.reportWizard.path, element: <ReportWizardPage /> },
          { path: paths.settings.path, element: <SettingsPage /> },
          { path: paths.organizations.path, element: <OrganizationPickerPage /> },
          { path: paths.oldHome.path, element: <OldHomePage /> },
          { path: paths.examNew.path, element: <ExamNewPage /> },
          { path: paths.reportEditor.path, element: <ReportEditorPage /> },
          { path: paths.companies.path, element: <CompanyListPage /> },
          { path: paths.companyDetail.path, element: <CompanyPage /> },
          { path: paths.programme.path, element: <ProgrammePage /> },
          { path: paths.audit.path, element: <AuditPage /> },
          { path: paths.privacyRequests.path, element: <PrivacyRequestsPage /> },
        ],
      },
      { path: '*', element: publicNotBuilt },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
