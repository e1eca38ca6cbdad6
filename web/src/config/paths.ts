/**
 * Every URL of the web app (spec §2). Components never write a URL by hand:
 * `path` is the router pattern, `getHref(...)` builds a concrete link.
 */
const seg = (value: string | number) => encodeURIComponent(String(value));

export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  register: { path: '/register', getHref: () => '/register' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  terms: { path: '/terms', getHref: () => '/terms' },
  dataDeletion: { path: '/data-deletion', getHref: () => '/data-deletion' },
  /** Issue 20: the requester's status page of a deletion request (the token in the fragment). */
  dataDeletionStatus: { path: '/data-deletion/status/:id', getHref: (id: string, token: string) => `/data-deletion/status/${seg(id)}#token=${seg(token)}` },
  contact: { path: '/contact', getHref: () => '/contact' },
  support: { path: '/support', getHref: () => '/support' },
  /** Issue 18: the invitation link (`/convite#token=…`, the secret in the fragment). */
  invitation: { path: '/convite', getHref: () => '/convite' },
  /** Issue 20: public verification of a laudo by the code printed on its PDF (no login). */
  verify: { path: '/verificar', getHref: () => '/verificar' },
  verifyCode: { path: '/verificar/:code', getHref: (code: string) => `/verificar/${seg(code)}` },

  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  patients: { path: '/patients', getHref: () => '/patients' },
  patientNew: { path: '/patients/new', getHref: () => '/patients/new' },
  patientDetail: { path: '/patients/:id', getHref: (id: string) => `/patients/${seg(id)}` },
  patientEdit: { path: '/patients/:id/edit', getHref: (id: string) => `/patients/${seg(id)}/edit` },
  patientEvolution: {
    path: '/patients/:id/evolution',
    getHref: (id: string) => `/patients/${seg(id)}/evolution`,
  },
  exams: { path: '/exams', getHref: () => '/exams' },
  examDetail: { path: '/exams/:id', getHref: (id: string) => `/exams/${seg(id)}` },
  reports: { path: '/reports', getHref: () => '/reports' },
  reportDetail: { path: '/reports/:id', getHref: (id: string) => `/reports/${seg(id)}` },
  reportEvolution: {
    path: '/reports/:patientId/evolution',
    getHref: (patientId: string) => `/reports/${seg(patientId)}/evolution`,
  },
  reportWizard: { path: '/report-wizard', getHref: () => '/report-wizard' },
  settings: { path: '/settings', getHref: () => '/settings' },
  /** Issue 18: the organisation picker after login, for a login in more than one organisation. */
  organizations: { path: '/organizacoes', getHref: () => '/organizacoes' },
  oldHome: { path: '/old-home', getHref: () => '/old-home' },
  examNew: { path: '/exam/new', getHref: () => '/exam/new' },
  reportEditor: { path: '/report/:examId', getHref: (examId: string) => `/report/${seg(examId)}` },
  /** Issue 19: companies (razão social, CNPJ, sectors, GHEs with their noise exposure) and the programme dashboard. */
  companies: { path: '/empresas', getHref: () => '/empresas' },
  companyDetail: { path: '/empresas/:id', getHref: (id: string) => `/empresas/${seg(id)}` },
  programme: { path: '/programa', getHref: () => '/programa' },
  /** Issue 20: the audit trail ('audit.read'); `?patientId=` filters one worker. */
  audit: { path: '/auditoria', getHref: () => '/auditoria' },
  /** Issue 20: the LGPD deletion requests of the organisation's workers ('privacy.manage'). */
  privacyRequests: { path: '/privacidade', getHref: () => '/privacidade' },
} as const;

export type PathKey = keyof typeof paths;

/** Routes anyone may open (spec §2 "Public routes"). */
export const publicPathKeys = [
  'home',
  'login',
  'register',
  'forgotPassword',
  'resetPassword',
  'privacy',
  'terms',
  'dataDeletion',
  'dataDeletionStatus',
  'contact',
  'support',
  'invitation',
  'verify',
  'verifyCode',
] as const satisfies readonly PathKey[];

/** Routes behind the authentication guard (spec §2 "Protected routes"). */
export const protectedPathKeys = [
  'dashboard',
  'patients',
  'patientNew',
  'patientDetail',
  'patientEdit',
  'patientEvolution',
  'exams',
  'examDetail',
  'reports',
  'reportDetail',
  'reportEvolution',
  'reportWizard',
  'settings',
  'organizations',
  'oldHome',
  'examNew',
  'reportEditor',
  'companies',
  'companyDetail',
  'programme',
  'audit',
  'privacyRequests',
] as const satisfies readonly PathKey[];

/** True when `pathname` is one of the public pages, where a 401 must not force a redirect. */
export function isPublicPathname(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // a pattern segment `:param` matches any one segment (e.g. /verificar/:code)
  const matches = (pattern: string) => {
    const want = pattern.split('/');
    const got = normalised.split('/');
    return want.length === got.length && want.every((part, i) => (part.startsWith(':') ? got[i] !== '' : part === got[i]));
  };
  return publicPathKeys.some((key) => matches(paths[key].path));
}
