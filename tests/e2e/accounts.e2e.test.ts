import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { expectAccessible, launchBrowser, screenshot, watchErrors, webDist } from './support/browser';

/**
 * Issue 3, web side: registration, login (remember-me, Google hidden when not configured), logout,
 * settings (profile, profile completion, notifications, password). Real build, real server, real
 * PostgreSQL, real Chromium; no request is mocked.
 */
let t: TestServer;
let browser: Browser;
let seq = 0;

beforeAll(async () => {
  t = await startTestServer({ LIMIAR_WEB_DIST: webDist });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const PASSWORD = 'senha123';
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${++seq}@clinica.test`;
const DAY_MS = 24 * 60 * 60 * 1000;

type Registry = Record<string, string | null>;

/** Creates an account through the API (the UI path has its own tests) and returns its session. */
async function registerViaApi(type: 'Medico' | 'Fonoaudiologo' | 'Engenheiro', registry: Registry, name = 'Profissional Teste') {
  const email = uniqueEmail(type.toLowerCase());
  const response = await t.request('/api/auth/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, email, password: PASSWORD, confirmPassword: PASSWORD, professionalType: type, ...registry }),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { token: string; user: { id: string; name: string } };
  return { email, token: body.token, user: body.user };
}

/** Opens `path` already logged in with `token` (stored under the app's one token key). */
async function openLoggedIn(page: Page, token: string, path: string) {
  await page.goto(`${t.url}/login`);
  await page.evaluate((value) => localStorage.setItem('limiar.token', value), token);
  await page.goto(`${t.url}${path}`);
}

/** The profile as the server has it, read with the page's own token. */
async function serverProfile(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('limiar.token');
    const response = await fetch('/api/users/me/profile', { headers: { Authorization: `Bearer ${token}` } });
    return (await response.json()) as Record<string, unknown>;
  });
}

/** Screenshot without a stray focus ring from the last click. */
async function shoot(page: Page, name: string) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await screenshot(page, name);
}

async function fillLogin(page: Page, email: string, password: string) {
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
}

describe('registration', () => {
  it.each([
    {
      type: 'Medico',
      radio: /Médico/,
      fill: async (page: Page) => {
        await page.locator('input[name="crm"]').fill('123456');
        await page.locator('select[name="crmState"]').selectOption('SP');
      },
      expected: { professionalType: 'Medico', crm: '123456', crmState: 'SP', crea: null, crfa: null },
    },
    {
      type: 'Fonoaudiologo',
      radio: /Fonoaudiólogo/,
      fill: async (page: Page) => {
        await page.locator('input[name="crfa"]').fill('54321');
        await page.locator('select[name="crfaRegion"]').selectOption('2');
      },
      expected: { professionalType: 'Fonoaudiologo', crfa: '54321', crfaRegion: '2', crm: null, crea: null },
    },
    {
      type: 'Engenheiro',
      radio: /Engenheiro/,
      fill: async (page: Page) => {
        await page.locator('input[name="crea"]').fill('5061234567');
        await page.locator('select[name="creaState"]').selectOption('MG');
      },
      expected: { professionalType: 'Engenheiro', crea: '5061234567', creaState: 'MG', crm: null, crfa: null },
    },
  ])('a $type registers, lands on /dashboard and the registry of the type is stored', async ({ type, radio, fill, expected }) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    const email = uniqueEmail(`novo.${type.toLowerCase()}`);
    await page.goto(`${t.url}/register`);
    await page.getByRole('heading', { name: 'Criar conta' }).waitFor();
    await page.locator('input[name="name"]').fill(`Dra. ${type} Souza`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="confirmPassword"]').fill(PASSWORD);
    await page.getByRole('radio', { name: radio }).check();
    await fill(page);
    if (type === 'Fonoaudiologo') {
      // the 7 CRFa regions with their states (spec §3)
      const regions = await page.locator('select[name="crfaRegion"] option').allTextContents();
      expect(regions).toContain('6ª Região (DF, GO, TO, AM, RR, AC, RO, AP, PA)');
      expect(regions.filter((r) => r.includes('Região'))).toHaveLength(7);
    }
    if (type === 'Medico') {
      const ufs = await page.locator('select[name="crmState"] option').allTextContents();
      expect(ufs.filter((uf) => /^[A-Z]{2}$/.test(uf))).toHaveLength(27);
      await shoot(page, 'accounts-register');
    }
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.waitForFunction(() => location.pathname === '/dashboard');
    await page.getByText(`Dra. ${type} Souza`).first().waitFor();

    const profile = await serverProfile(page);
    expect(profile).toMatchObject({ ...expected, email, name: `Dra. ${type} Souza` });
    // an authenticated visitor of /register goes to /dashboard
    await page.goto(`${t.url}/register`);
    await page.waitForFunction(() => location.pathname === '/dashboard');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('checks the fields in the spec order before calling the server, with the spec messages', async () => {
    const page = await browser.newPage();
    const registerCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/register')) registerCalls.push(request.method());
    });
    await page.goto(`${t.url}/register`);
    const banner = page.locator('#register-form-error [role="alert"]');
    const submit = () => page.getByRole('button', { name: 'Criar conta' }).click();

    await submit();
    await expect.poll(() => banner.textContent()).toBe('Por favor, preencha todos os campos obrigatórios');

    await page.locator('input[name="name"]').fill('Dr. Ordem');
    await page.locator('input[name="email"]').fill(uniqueEmail('ordem'));
    await page.locator('input[name="password"]').fill('123');
    await page.locator('input[name="confirmPassword"]').fill('1234');
    await page.getByRole('radio', { name: /Médico/ }).check();

    await submit(); // 1. passwords must match (checked before the length)
    await expect.poll(() => banner.textContent()).toBe('As senhas não coincidem');

    await page.locator('input[name="confirmPassword"]').fill('123');
    await submit(); // 2. at least 8 characters (ASVS level 2, issue 15)
    await expect.poll(() => banner.textContent()).toBe('A senha deve ter pelo menos 8 caracteres');

    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="confirmPassword"]').fill(PASSWORD);
    await submit(); // 3. Medico: CRM and state
    await expect.poll(() => banner.textContent()).toBe('CRM e Estado são obrigatórios para médicos');
    expect(await page.locator('input[name="crm"]').getAttribute('aria-invalid')).toBe('true');

    await page.getByRole('radio', { name: /Fonoaudiólogo/ }).check();
    await submit(); // 4. Fonoaudiologo: CRFa and region
    await expect.poll(() => banner.textContent()).toBe('CRFa e Região são obrigatórios para fonoaudiólogos');

    await page.getByRole('radio', { name: /Engenheiro/ }).check();
    await page.locator('input[name="crea"]').fill('12345');
    await submit(); // 5. Engenheiro: CREA and state (state still missing)
    await expect.poll(() => banner.textContent()).toBe('CREA e Estado são obrigatórios para engenheiros');
    expect(await page.locator('select[name="creaState"]').getAttribute('aria-invalid')).toBe('true');

    expect(registerCalls).toEqual([]);
    await page.close();
  });

  it('shows the server message when the e-mail is already registered', async () => {
    const { email } = await registerViaApi('Medico', { crm: '4444', crmState: 'RJ' });
    const page = await browser.newPage();
    await page.goto(`${t.url}/register`);
    await page.locator('input[name="name"]').fill('Outra Pessoa');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="confirmPassword"]').fill(PASSWORD);
    await page.getByRole('radio', { name: /Médico/ }).check();
    await page.locator('input[name="crm"]').fill('5555');
    await page.locator('select[name="crmState"]').selectOption('RJ');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.locator('#register-form-error').getByText('Este e-mail já está cadastrado').waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    await page.close();
  });
});

describe('login and logout', () => {
  it('hides the Google button when no Google client id is configured', async () => {
    const config = await (await t.request('/api/auth/config')).json();
    expect(config).toEqual({ googleClientId: null });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    const configLoaded = page.waitForResponse((r) => r.url().endsWith('/api/auth/config'));
    await page.goto(`${t.url}/login`);
    await configLoaded;
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await page.locator('script[src*="accounts.google.com"]').count()).toBe(0);
    expect(await page.getByText(/Google/).count()).toBe(0);
    // the forgot-password link leads somewhere now (issue 14)
    expect(await page.getByRole('link', { name: 'Esqueci minha senha' }).getAttribute('href')).toBe('/forgot-password');
    expect(await page.getByRole('link', { name: 'Criar conta' }).getAttribute('href')).toBe('/register');
    await shoot(page, 'accounts-login');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('"Lembrar de mim" is sent as rememberMe and opens a 30-day session; without it the session is short', async () => {
    const { email } = await registerViaApi('Fonoaudiologo', { crfa: '1111', crfaRegion: '1' }, 'Fga. Lembrada');
    const page = await browser.newPage();

    const loginOnce = async (remember: boolean) => {
      await page.goto(`${t.url}/login`);
      await fillLogin(page, email, PASSWORD);
      if (remember) await page.getByRole('checkbox', { name: 'Lembrar de mim' }).check();
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.request().method() === 'POST'),
        page.getByRole('button', { name: 'Entrar' }).click(),
      ]);
      expect(response.status()).toBe(200);
      expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ email, rememberMe: remember });
      const body = (await response.json()) as { expiresAt: string };
      await page.waitForFunction(() => location.pathname === '/dashboard');
      return (Date.parse(body.expiresAt) - Date.now()) / DAY_MS;
    };

    const long = await loginOnce(true);
    expect(long).toBeGreaterThan(29.9);
    expect(long).toBeLessThanOrEqual(30.01);
    // the session is usable: a reload keeps the visitor in
    await page.reload();
    await page.getByText('Fga. Lembrada').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    await page.evaluate(() => localStorage.clear());
    const short = await loginOnce(false);
    expect(short).toBeGreaterThan(0);
    expect(short).toBeLessThan(1);
    await page.close();
  });

  it('wrong credentials show the server message; Sair revokes the session and shows the toast on /login', async () => {
    const { email } = await registerViaApi('Medico', { crm: '9876', crmState: 'BA' }, 'Dr. Sair');
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${t.url}/login`);

    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Por favor, preencha todos os campos').waitFor();

    await fillLogin(page, email, 'senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('E-mail ou senha incorretos').waitFor();

    await fillLogin(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForFunction(() => location.pathname === '/dashboard');
    const token = await page.evaluate(() => localStorage.getItem('limiar.token'));
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForFunction(() => location.pathname === '/login');
    await page.getByText('Logout realizado com sucesso!').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('limiar.token'))).toBeNull();
    // the server revoked the session: the old token no longer works
    const me = await t.request('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
    // and the protected pages are closed again
    await page.goto(`${t.url}/settings`);
    await page.waitForFunction(() => location.pathname === '/login');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the session check meets a network failure once: asked again, the page opens logged in (no logout)', async () => {
    const { token } = await registerViaApi('Fonoaudiologo', { crfa: '4321', crfaRegion: '2' }, 'Fga. Recarga');
    const page = await browser.newPage();
    const errors = watchErrors(page);
    // the first `GET /api/auth/me` of the page gets no answer (the connection drops), the next ones go through
    let calls = 0;
    await page.route('**/api/auth/me', async (route) => (++calls === 1 ? route.abort('connectionreset') : route.continue()));
    await openLoggedIn(page, token, '/settings');
    await page.getByRole('heading', { level: 1, name: 'Configurações' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');
    expect(calls).toBe(2);
    expect(await page.evaluate(() => localStorage.getItem('limiar.token'))).toBe(token);
    // only the dropped call is in the console
    expect(errors.filter((e) => !/ERR_CONNECTION_RESET/.test(e))).toEqual([]);
    await page.close();
  });
});

describe('settings', () => {
  it('Perfil: the engineer edits the profile, CREA included, and it persists after a reload', async () => {
    const { token } = await registerViaApi('Engenheiro', { crea: '111222', creaState: 'SP' }, 'Eng. Antes');
    const page = await browser.newPage({ viewport: { width: 1280, height: 1100 } });
    const errors = watchErrors(page);
    await openLoggedIn(page, token, '/settings');
    await page.getByRole('heading', { name: 'Configurações', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Perfil', selected: true }).waitFor();
    const form = page.getByRole('form', { name: 'Perfil profissional' });
    await form.waitFor();
    expect(await page.locator('input[name="crea"]').inputValue()).toBe('111222');
    expect(await page.locator('select[name="professionalType"]').inputValue()).toBe('Engenheiro');
    // without a specialization the profile is incomplete; engineers complete it in the form (the modal asks for a CRM)
    await page.getByText('Seu perfil está incompleto').waitFor();
    expect(await page.getByRole('button', { name: 'Completar perfil' }).count()).toBe(0);
    await shoot(page, 'accounts-settings-profile');

    await page.locator('input[name="name"]').fill('Eng. Depois');
    await page.locator('input[name="phoneNumber"]').fill('(31) 99876-5432');
    await page.locator('input[name="specialization"]').fill('Segurança do Trabalho');
    await page.locator('input[name="crea"]').fill('333444');
    await page.locator('select[name="creaState"]').selectOption('MG');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await page.getByText('Perfil atualizado com sucesso!').waitFor();
    // the side menu follows the new name
    await page.locator('.app-user__name', { hasText: 'Eng. Depois' }).waitFor();

    await page.reload();
    await form.waitFor();
    expect(await page.locator('input[name="name"]').inputValue()).toBe('Eng. Depois');
    expect(await page.locator('input[name="phoneNumber"]').inputValue()).toBe('(31) 99876-5432');
    expect(await page.locator('input[name="specialization"]').inputValue()).toBe('Segurança do Trabalho');
    expect(await page.locator('input[name="crea"]').inputValue()).toBe('333444');
    expect(await page.locator('select[name="creaState"]').inputValue()).toBe('MG');
    expect(await serverProfile(page)).toMatchObject({ name: 'Eng. Depois', crea: '333444', creaState: 'MG', profileCompleted: true });
    // a complete profile shows no completion banner
    expect(await page.getByText('Seu perfil está incompleto').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Perfil: the doctor form shows CRM (max 6, placeholder 123456) and checks the registry before saving', async () => {
    const { token } = await registerViaApi('Medico', { crm: '2468', crmState: 'PR' }, 'Dra. Regras');
    const page = await browser.newPage();
    await openLoggedIn(page, token, '/settings');
    const crm = page.locator('input[name="crm"]');
    await crm.waitFor();
    expect(await crm.getAttribute('maxlength')).toBe('6');
    expect(await crm.getAttribute('placeholder')).toBe('123456');
    await crm.fill('');
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/users/me/profile') && r.method() === 'PUT') saves.push(r.url());
    });
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await page.getByText('CRM e Estado são obrigatórios para médicos').waitFor();
    // switching the type shows that type's registry fields
    await page.locator('select[name="professionalType"]').selectOption('Fonoaudiologo');
    await page.locator('select[name="crfaRegion"]').waitFor();
    expect(await page.locator('input[name="crm"]').count()).toBe(0);
    expect(saves).toEqual([]);
    await page.close();
  });

  it('Perfil: an incomplete profile offers "Completar perfil", whose blocking modal checks and saves CRM and specialization', async () => {
    const { token } = await registerViaApi('Medico', { crm: '13579', crmState: 'SP' }, 'Dr. Incompleto');
    const page = await browser.newPage({ viewport: { width: 1280, height: 1100 } });
    const errors = watchErrors(page);
    await openLoggedIn(page, token, '/settings');
    await page.getByText('Seu perfil está incompleto').waitFor();
    await page.getByRole('button', { name: 'Completar perfil' }).click();

    const dialog = page.getByRole('dialog', { name: 'Complete seu perfil médico' });
    await dialog.waitFor();
    expect(await dialog.locator('input[name="crm"]').inputValue()).toBe('13579');
    // blocking: Escape does not close it, and it has no close button
    await page.keyboard.press('Escape');
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Fechar' }).count()).toBe(0);
    const specializations = await dialog.locator('select[name="specialization"] option').allTextContents();
    expect(specializations).toEqual(['Selecione', 'Audiologia', 'Otorrinolaringologia', 'Fonoaudiologia', 'Medicina do Trabalho', 'Clínica Geral', 'Outra']);
    await shoot(page, 'accounts-profile-completion');

    await dialog.getByRole('button', { name: 'Salvar e continuar' }).click();
    await dialog.getByText('Por favor, preencha todos os campos obrigatórios').waitFor();

    await dialog.locator('select[name="specialization"]').selectOption('Medicina do Trabalho');
    await dialog.locator('input[name="crm"]').fill('12a3'); // digits only: the letter is dropped
    expect(await dialog.locator('input[name="crm"]').inputValue()).toBe('123');
    await dialog.getByRole('button', { name: 'Salvar e continuar' }).click();
    await dialog.getByText('CRM deve ter pelo menos 4 dígitos').waitFor();

    await dialog.locator('input[name="crm"]').fill('123456');
    await dialog.locator('select[name="crmState"]').selectOption('RS');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/api/users/me/profile?userId=') && r.method() === 'PUT'),
      dialog.getByRole('button', { name: 'Salvar e continuar' }).click(),
    ]);
    expect(JSON.parse(request.postData() ?? '{}')).toEqual({
      Crm: '123456',
      CrmState: 'RS',
      Specialization: 'Medicina do Trabalho',
      ProfessionalId: null,
    });
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Perfil atualizado com sucesso!').waitFor();
    expect(await page.getByText('Seu perfil está incompleto').count()).toBe(0);
    expect(await page.locator('input[name="crm"]').inputValue()).toBe('123456');

    await page.reload();
    await page.locator('input[name="crm"]').waitFor();
    expect(await page.getByText('Seu perfil está incompleto').count()).toBe(0);
    expect(await serverProfile(page)).toMatchObject({ crm: '123456', crmState: 'RS', specialization: 'Medicina do Trabalho', profileCompleted: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Perfil: Cancelar closes the completion modal without saving', async () => {
    const { token } = await registerViaApi('Medico', { crm: '7777', crmState: 'CE' }, 'Dr. Cancela');
    const page = await browser.newPage();
    await openLoggedIn(page, token, '/settings');
    await page.getByRole('button', { name: 'Completar perfil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete seu perfil médico' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Seu perfil está incompleto').waitFor();
    expect(await serverProfile(page)).toMatchObject({ specialization: null, profileCompleted: false });
    await page.close();
  });

  it('Notificações: loads the defaults (on, on, off, on) and the saved choices persist after a reload', async () => {
    const { token } = await registerViaApi('Fonoaudiologo', { crfa: '2222', crfaRegion: '4' }, 'Fga. Avisos');
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchErrors(page);
    await openLoggedIn(page, token, '/settings');
    await page.getByRole('tab', { name: 'Notificações' }).click();
    const state = (name: string) => page.getByRole('switch', { name }).getAttribute('aria-checked');
    await page.getByRole('switch', { name: 'Notificações por e-mail' }).waitFor();
    expect([
      await state('Notificações por e-mail'),
      await state('Alertas de exames'),
      await state('Alertas de laudos'),
      await state('Atualizações do sistema'),
    ]).toEqual(['true', 'true', 'false', 'true']);
    await shoot(page, 'accounts-settings-notifications');

    await page.getByRole('switch', { name: 'Alertas de laudos' }).click();
    await page.getByText('Atualizações do sistema').click(); // the label toggles its switch too
    await page.getByRole('button', { name: 'Salvar preferências' }).click();
    await page.getByText('Preferências de notificação salvas!').waitFor();

    await page.reload();
    await page.getByRole('tab', { name: 'Notificações' }).click();
    await page.getByRole('switch', { name: 'Alertas de laudos' }).waitFor();
    expect([
      await state('Notificações por e-mail'),
      await state('Alertas de exames'),
      await state('Alertas de laudos'),
      await state('Atualizações do sistema'),
    ]).toEqual(['true', 'true', 'true', 'false']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Segurança: checks, wrong current password, change, then only the new password logs in', async () => {
    const { email, token } = await registerViaApi('Engenheiro', { crea: '998877', creaState: 'RJ' }, 'Eng. Senha');
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await openLoggedIn(page, token, '/settings');
    await page.getByRole('tab', { name: 'Segurança' }).click();
    const form = page.getByRole('form', { name: 'Alterar senha' });
    await form.waitFor();
    await form.getByText('Mínimo de 8 caracteres; evite senhas comuns.').waitFor();
    await shoot(page, 'accounts-settings-security');
    const submit = () => form.getByRole('button', { name: 'Alterar senha' }).click();

    await submit();
    await form.getByRole('alert').getByText('Por favor, preencha todos os campos').waitFor();

    await page.locator('input[name="currentPassword"]').fill(PASSWORD);
    await page.locator('input[name="newPassword"]').fill('abc');
    await page.locator('input[name="confirmPassword"]').fill('abc');
    await submit();
    await form.getByRole('alert').getByText('A senha deve ter pelo menos 8 caracteres').waitFor();

    // the current password again (checked in the browser) and a common one (refused by the server)
    await page.locator('input[name="newPassword"]').fill(PASSWORD);
    await page.locator('input[name="confirmPassword"]').fill(PASSWORD);
    await submit();
    await form.getByRole('alert').getByText('A nova senha deve ser diferente da senha atual').waitFor();
    await page.locator('input[name="newPassword"]').fill('iloveyou');
    await page.locator('input[name="confirmPassword"]').fill('iloveyou');
    await submit();
    await form.getByRole('alert').getByText('Esta senha é muito comum e fácil de adivinhar. Escolha outra.').waitFor();

    await page.locator('input[name="newPassword"]').fill('novaSenha42');
    await page.locator('input[name="confirmPassword"]').fill('novaSenha43');
    await submit();
    await form.getByRole('alert').getByText('As senhas não coincidem').waitFor();

    await page.locator('input[name="currentPassword"]').fill('nao-e-esta');
    await page.locator('input[name="confirmPassword"]').fill('novaSenha42');
    await submit();
    await form.getByRole('alert').getByText('Senha atual incorreta').waitFor();

    await page.locator('input[name="currentPassword"]').fill(PASSWORD);
    await page.locator('input[name="newPassword"]').fill('novaSenha42');
    await page.locator('input[name="confirmPassword"]').fill('novaSenha42');
    await submit();
    const success = form.getByText('Senha alterada com sucesso!');
    await success.waitFor();
    expect(await page.locator('input[name="currentPassword"]').inputValue()).toBe('');
    // the success banner clears after 3 s
    await success.waitFor({ state: 'detached', timeout: 6000 });

    // the current session survives the change
    await page.reload();
    await form.waitFor({ state: 'detached' }).catch(() => undefined);
    await page.getByRole('heading', { name: 'Configurações', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForFunction(() => location.pathname === '/login');

    await fillLogin(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('E-mail ou senha incorretos').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    await fillLogin(page, email, 'novaSenha42');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForFunction(() => location.pathname === '/dashboard');
    await page.close();
  });
});

describe('password recovery (issue 14, no mail server: the link is shown on screen)', () => {
  it('Esqueci minha senha → link → new password → login with it; the old session is rejected and the link works once', async () => {
    const { email, token: oldToken } = await registerViaApi('Medico', { crm: '24680', crmState: 'MG' }, 'Dra. Esquecida');
    // a session open elsewhere (another browser) before the reset
    const elsewhere = await browser.newPage();
    await openLoggedIn(elsewhere, oldToken, '/dashboard');
    await elsewhere.getByText('Dra. Esquecida').first().waitFor();

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await page.goto(`${t.url}/login`);
    // keyboard: the link is reachable with Tab and opens with Enter
    await page.locator('input[name="password"]').focus();
    let guard = 0;
    while (!(await page.evaluate(() => document.activeElement?.textContent === 'Esqueci minha senha')) && guard++ < 5) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname === '/forgot-password');
    await page.getByRole('heading', { name: 'Esqueci minha senha', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Enviar link de redefinição' }).click();
    await page.getByText('Informe seu e-mail').waitFor();
    await page.locator('input[name="email"]').fill('ninguem.mesmo@clinica.test');
    await page.getByRole('button', { name: 'Enviar link de redefinição' }).click();
    await page.getByText('Não há conta cadastrada com este e-mail.').waitFor();
    await page.locator('input[name="email"]').fill(email);
    await page.getByRole('button', { name: 'Enviar link de redefinição' }).click();
    await page.getByText('Este servidor não tem envio de e-mail configurado').waitFor();
    await expectAccessible(page, 'forgot-password');
    await shoot(page, 'accounts-forgot-password-link');

    await page.getByRole('link', { name: 'Redefinir minha senha' }).click();
    await page.waitForFunction(() => location.pathname === '/reset-password' && location.hash.startsWith('#token='));
    const resetUrl = page.url();
    await page.getByText(`Conta: ${email}`).waitFor();
    await page.locator('input[name="password"]').fill('nova-senha-9');
    await page.locator('input[name="confirmPassword"]').fill('nova-senha-8');
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await page.getByText('As senhas não coincidem').first().waitFor();
    await page.locator('input[name="password"]').fill('12345');
    await page.locator('input[name="confirmPassword"]').fill('12345');
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await page.getByText('A senha deve ter pelo menos 8 caracteres').first().waitFor();
    await page.locator('input[name="password"]').fill('nova-senha-9');
    await page.locator('input[name="confirmPassword"]').fill('nova-senha-9');
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await page.getByText('Senha redefinida. Todas as sessões da conta foram encerradas: entre com a nova senha.').waitFor();
    await expectAccessible(page, 'reset-password-done');
    await shoot(page, 'accounts-reset-password-done');

    await page.getByRole('link', { name: 'Entrar com a nova senha' }).click();
    await page.waitForFunction(() => location.pathname === '/login');
    await fillLogin(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('E-mail ou senha incorretos').waitFor();
    await fillLogin(page, email, 'nova-senha-9');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForFunction(() => location.pathname === '/dashboard');
    expect(errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);

    // the session opened before the reset is over: its next page load goes back to /login
    await elsewhere.reload();
    await elsewhere.waitForFunction(() => location.pathname === '/login');
    expect((await t.request('/api/auth/me', { headers: { Authorization: `Bearer ${oldToken}` } })).status).toBe(401);

    // the link worked once
    const again = await browser.newPage();
    await again.goto(resetUrl);
    await again.getByText('Link de redefinição inválido, expirado ou já utilizado. Solicite um novo link.').waitFor();
    expect(await again.getByRole('link', { name: 'Solicitar um novo link' }).getAttribute('href')).toBe('/forgot-password');
    await Promise.all([elsewhere.close(), page.close(), again.close()]);
  });

  it('fits a 390 px phone: forgot and reset pages do not overflow', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    for (const route of ['/forgot-password', '/reset-password#token=nao-existe']) {
      await page.goto(`${t.url}${route}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('input[name="email"], .ui-state').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), route).toBeLessThanOrEqual(390);
    }
    await shoot(page, 'accounts-reset-password-invalid-phone');
    await page.close();
  });
});
