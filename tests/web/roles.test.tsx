// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ExamResponse } from '../../adapters/src/http/contract/exams';
import type { PatientResponse } from '../../adapters/src/http/contract/patients';
import DashboardPage from '../../web/src/features/dashboard/dashboard-page';
import ExamDetailPage from '../../web/src/features/exams/exam-detail-page';
import ExamListPage from '../../web/src/features/exams/exam-list-page';
import PatientListPage from '../../web/src/features/patients/patient-list-page';
import ReportWizardPage from '../../web/src/features/report-wizard/report-wizard-page';
import type { Report } from '../../web/src/features/reports';
import SettingsPage from '../../web/src/features/settings/settings-page';
import { FORBIDDEN_EVENT } from '../../web/src/lib/api-client';
import { toast } from '../../web/src/lib/toast';
import { doctor, fakeApi, memberWith, renderApp, type ApiCall } from './support/render-app';

/**
 * Issue 18, role-aware pages: an action the member's roles do not allow is not offered (the API
 * refuses it with 403 all the same). A técnico records exams and uploads audiograms but neither drafts,
 * finalises, deletes nor sees the organisation's statistics; a fonoaudiólogo finalises a simple laudo
 * but not one with nexo causal (NR-7, Anexo II, item 6); a solo founder (administrador + médico) sees everything.
 */

const tecnico = memberWith(['tecnico'], { name: 'Téc. Rui', professionalType: null, crm: null, crmState: null });
const fono = memberWith(['fonoaudiologo'], { name: 'Fga. Bia', professionalType: 'Fonoaudiologo', crm: null, crmState: null, crfa: '12345', crfaRegion: '2' });

const air = { '500': { re: 10, le: 15 }, '1000': { re: 10, le: 10 }, '2000': { re: 15, le: 20 }, '3000': { re: 20, le: 25 }, '4000': { re: 25, le: 30 }, '6000': { re: 20, le: 25 }, '8000': { re: 15, le: 20 } };
const exam: ExamResponse = {
  id: 'e1', date: '2025-03-01', createdAt: '2025-03-01T12:00:00Z', operatorName: 'Fernanda Rocha', operatorCrm: null, operatorCrmState: null,
  operatorRegistration: 'CRFa 2-12345', patientId: 'p1', patientName: 'José da Silva', patientSex: 'M', patientAge: 45, patientAgeAtExam: 45,
  patientCompany: null, observacoes: null, anamnese: null, meatoscopia: { od: null, oe: null }, mascaramento: null,
  audiogramDataId: null, speechTestId: null, audiogram: { air, bone: {} }, speechTest: null,
  ambienteJson: null, consultationType: 'Eletiva', consultationReason: null, examType: null, examTypeLabel: null, ambientNoiseDb: null, calibrationDate: null, transducer: 'TDH-39',
  acousticRestHours: 14, classification: { exam_role: 'referencia' }, rulesVersion: 'test', referenceDesignation: null,
  recordedBy: null, updatedBy: null, imported: false,
} as ExamResponse;
const patient = {
  id: 'p1', name: 'José da Silva', age: 45, sex: 'M', cpf: null, birthDate: null, phone: null, email: null, company: null, jobTitle: null,
  address: null, createdAt: '2025-01-10T12:00:00Z', archivedAt: null, archivedBy: null,
} as unknown as PatientResponse;
const summary = { patients: 12, exams: 34, reports: 5, examsThisMonth: 3 };

const pageAnswers = {
  'GET /exams/e1': { body: exam },
  'GET /exams/e1/files': { body: [] },
  'GET /exams': { body: [exam] },
  'GET /patients': { body: [patient] },
  'GET /dashboard/summary': { body: summary },
  'GET /worklist': { body: Object.fromEntries(['readingsToReview', 'unaddressedChanges', 'draftReports', 'examsWithoutReport'].map((g) => [g, { total: 0, items: [] }])) },
};

const asked = (calls: ApiCall[], path: string) => calls.some((c) => c.path === path);

describe('a técnico (exams.write, workers.write)', () => {
  it('exam page: correct the exam and upload its audiogram, but no delete, no reference designation, no laudo', async () => {
    fakeApi(pageAnswers);
    renderApp(<ExamDetailPage />, { path: '/exams/e1', route: '/exams/:id', user: tecnico });

    expect(await screen.findByRole('button', { name: 'Editar Exame' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Audiograma do exame' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Excluir Exame/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Definir como exame de referência' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Organizar Laudo/ })).toBeNull();
  });

  it('dashboard: no statistics (and /dashboard/summary never asked), the quick actions it may use', async () => {
    const calls = fakeApi(pageAnswers);
    renderApp(<DashboardPage />, { path: '/dashboard', user: tecnico });

    const quick = await screen.findByRole('link', { name: /Novo Exame Audiométrico/ });
    expect(quick.getAttribute('href')).toBe('/exam/new');
    expect(screen.getByRole('link', { name: /Cadastrar Paciente/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Organizar Laudo com IA/ })).toBeNull();
    await waitFor(() => expect(asked(calls, '/worklist')).toBe(true));
    expect(screen.queryByText('Pacientes')).toBeNull();
    expect(asked(calls, '/dashboard/summary')).toBe(false);
  });

  it('exam list: record an exam, no wizard, no counters, no CSV export', async () => {
    const calls = fakeApi(pageAnswers);
    renderApp(<ExamListPage />, { path: '/exams', user: tecnico });

    expect(await screen.findByRole('link', { name: 'Digitar Exame' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Novo Exame/ })).toBeNull();
    expect(screen.queryByText('Total de exames')).toBeNull();
    expect(screen.queryByRole('button', { name: /Exportar CSV/ })).toBeNull();
    expect(asked(calls, '/dashboard/summary')).toBe(false);
  });

  it('patient list: register and edit workers, but no archive', async () => {
    fakeApi(pageAnswers);
    renderApp(<PatientListPage />, { path: '/patients', user: tecnico });

    expect(await screen.findByRole('link', { name: 'Editar José da Silva' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Novo Paciente/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Arquivar José da Silva' })).toBeNull();
  });

  it('the laudo wizard opened by its URL says why instead of offering a draft', async () => {
    fakeApi(pageAnswers);
    renderApp(<ReportWizardPage />, { path: '/report-wizard', user: tecnico });

    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toContain('Ação não permitida');
    expect(refusal.textContent).toContain('Seu papel nesta organização não permite elaborar e editar laudos.');
    expect(screen.queryByRole('button', { name: 'Próximo' })).toBeNull();
  });

  it('settings: no Clínica nor Integrações tab (team.manage)', async () => {
    fakeApi(pageAnswers);
    renderApp(<SettingsPage />, { path: '/settings', user: tecnico });

    expect(await screen.findByRole('tab', { name: /Perfil/ })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: /Clínica/ })).toBeNull();
    expect(screen.queryByRole('tab', { name: /Integrações/ })).toBeNull();
  });
});

/** Walks the wizard from an exam (?examId=e1) to the review step with a draft of `type`. */
async function reviewStep(user: typeof doctor, type: 'simple' | 'nexo-causal') {
  const report = {
    id: 'r1', examId: 'e1', patientId: 'p1', patientName: 'José da Silva', patientCompany: null, doctorName: user.name, type, status: 'Rascunho',
    draftJson: JSON.stringify({ summary_text: 'Limiares dentro da normalidade.' }), pdfUrl: null, createdAt: '2025-03-02T12:00:00Z',
    finalizedAt: null, stale: false, staleChanges: [],
  } as unknown as Report;
  const calls = fakeApi({
    ...pageAnswers,
    // the server's profile: a fonoaudiólogo has a CRFa and no CRM, and is complete all the same
    'GET /users/me/profile': { body: { ...user, specialization: 'Audiologia', profileCompleted: true } },
    'GET /reports/exam/e1': { body: null },
    'POST /reports/generate/e1': { body: report },
    'GET /reports/r1': { body: report },
    'PUT /reports/r1': { body: report },
  });
  renderApp(<ReportWizardPage />, { path: '/report-wizard?examId=e1', route: '/report-wizard', user });
  const next = () => userEvent.click(screen.getByRole('button', { name: 'Próximo' }));

  await waitFor(() => expect((screen.getByRole('button', { name: 'Próximo' }) as HTMLButtonElement).disabled).toBe(false));
  await next(); // patient → consultation (preselected from the exam)
  await waitFor(() => expect((screen.getByRole('button', { name: 'Próximo' }) as HTMLButtonElement).disabled).toBe(false));
  await next(); // → audiometry type
  await userEvent.click(screen.getByRole('radio', { name: type === 'simple' ? /Audiometria Simples/ : /Audiometria com Nexo Causal/ }));
  await next();
  if (type === 'nexo-causal') {
    for (const group of [/pausa de ruído/, /exposto a ruído intenso/, /considerada ruidosa/, /protetor auricular/]) {
      await userEvent.click(within(screen.getByRole('group', { name: group })).getByRole('radio', { name: 'Sim' }));
    }
    await userEvent.type(screen.getByLabelText(/Tempo de exposição/), '10');
    await next();
  }
  // the exam the user came from is the laudo's exam (it has thresholds)
  await waitFor(() => expect((screen.getByRole('button', { name: 'Próximo' }) as HTMLButtonElement).disabled).toBe(false));
  await next();
  await userEvent.click(await screen.findByRole('button', { name: 'Organizar Laudo Agora' }));
  await screen.findByRole('heading', { name: 'Revisar e editar o laudo' });
  expect(calls.some((c) => c.method === 'POST' && c.path === '/reports/generate/e1')).toBe(true);
}

describe('finalising a laudo (laudo.finalize; nexo causal: médico only)', () => {
  it('a fonoaudiólogo finalises a simple laudo', async () => {
    await reviewStep(fono, 'simple');
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeTruthy();
    expect(screen.queryByTestId('finalize-refusal')).toBeNull();
  });

  it('a fonoaudiólogo is not offered to finalise a nexo-causal laudo: the NR-7 note instead', async () => {
    await reviewStep(fono, 'nexo-causal');
    expect(screen.queryByRole('button', { name: 'Próximo' })).toBeNull();
    expect(screen.getByTestId('finalize-refusal').textContent).toContain('A conclusão de nexo causal é atribuição do médico (NR-7, Anexo II, item 6).');
  });

  it('a founder médico finalises a nexo-causal laudo', async () => {
    await reviewStep(doctor, 'nexo-causal');
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeTruthy();
    expect(screen.queryByTestId('finalize-refusal')).toBeNull();
  });
});

describe('a founder (administrador + médico) sees everything', () => {
  it('exam page: edit, delete, designate the reference, upload, organise the laudo', async () => {
    fakeApi(pageAnswers);
    renderApp(<ExamDetailPage />, { path: '/exams/e1', route: '/exams/:id', user: doctor });

    expect(await screen.findByRole('button', { name: 'Editar Exame' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Excluir Exame/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Definir como exame de referência' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Audiograma do exame' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Organizar Laudo/ })).toBeTruthy();
  });

  it('dashboard: the statistics (from /dashboard/summary) and every quick action', async () => {
    const calls = fakeApi(pageAnswers);
    renderApp(<DashboardPage />, { path: '/dashboard', user: doctor });

    expect(await screen.findByText('34')).toBeTruthy();
    expect(asked(calls, '/dashboard/summary')).toBe(true);
    expect(screen.getByRole('link', { name: /Novo Exame Audiométrico/ }).getAttribute('href')).toBe('/report-wizard');
    expect(screen.getByRole('link', { name: /Organizar Laudo com IA/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Cadastrar Paciente/ })).toBeTruthy();
  });

  it('exam list: both entry points, the counters and the CSV export', async () => {
    fakeApi(pageAnswers);
    renderApp(<ExamListPage />, { path: '/exams', user: doctor });

    expect(await screen.findByRole('link', { name: 'Digitar Exame' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Novo Exame/ })).toBeTruthy();
    expect(screen.getByText('Total de exames')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Exportar CSV/ })).toBeTruthy();
  });

  it('patient list: edit and archive', async () => {
    fakeApi(pageAnswers);
    renderApp(<PatientListPage />, { path: '/patients', user: doctor });

    expect(await screen.findByRole('button', { name: 'Arquivar José da Silva' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Editar José da Silva' })).toBeTruthy();
  });

  it('settings: the Clínica and Integrações tabs', async () => {
    fakeApi(pageAnswers);
    renderApp(<SettingsPage />, { path: '/settings', user: doctor });

    expect(await screen.findByRole('tab', { name: /Clínica/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Integrações/ })).toBeTruthy();
  });
});

describe('a refusal the page did not foresee (the roles changed while it was open)', () => {
  it("shows the server's pt-BR reason, and tells the app to reload the member's permissions", async () => {
    const reason = 'Seu papel nesta organização não permite excluir trabalhadores e exames. Fale com o administrador da equipe.';
    fakeApi({ ...pageAnswers, 'DELETE /patients/p1': { status: 403, body: { message: reason, code: 'AUTH.FORBIDDEN', issues: [] } } });
    const error = vi.spyOn(toast, 'error');
    const reload = vi.fn();
    window.addEventListener(FORBIDDEN_EVENT, reload);
    renderApp(<PatientListPage />, { path: '/patients', user: doctor });

    await userEvent.click(await screen.findByRole('button', { name: 'Arquivar José da Silva' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Arquivar' }));

    await waitFor(() => expect(error).toHaveBeenCalledWith(reason, expect.anything()));
    expect(reload).toHaveBeenCalledTimes(1);
    window.removeEventListener(FORBIDDEN_EVENT, reload);
  });
});
