/** ASVS level 2 (issue 15): the one minimum length of register, change and reset (web and API). */
export const MIN_PASSWORD_LENGTH = 8;

/**
 * pt-BR messages of the account rules, exactly as spec §5 gives them where it does.
 * The server sends them; the web app shows the server's text.
 */
export const ACCOUNT_MESSAGES = {
  fillAllFields: 'Por favor, preencha todos os campos',
  fillRequiredFields: 'Por favor, preencha todos os campos obrigatórios',
  invalidEmail: 'Informe um e-mail válido',
  passwordsDoNotMatch: 'As senhas não coincidem',
  passwordTooShort: `A senha deve ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres`,
  passwordTooCommon: 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.',
  passwordReused: 'A nova senha deve ser diferente da senha atual',
  passwordHint: `Mínimo de ${MIN_PASSWORD_LENGTH} caracteres; evite senhas comuns.`,
  medicoRegistry: 'CRM e Estado são obrigatórios para médicos',
  fonoRegistry: 'CRFa e Região são obrigatórios para fonoaudiólogos',
  engenheiroRegistry: 'CREA e Estado são obrigatórios para engenheiros',
  crmMinDigits: 'CRM deve ter pelo menos 4 dígitos',
  crmMaxDigits: 'CRM deve ter no máximo 6 caracteres',
  invalidUf: 'Estado (UF) inválido',
  invalidRegion: 'Região do CRFa inválida',
  invalidProfessionalType: 'Tipo de profissional inválido',
  emailAlreadyRegistered: 'Este e-mail já está cadastrado',
  invalidCredentials: 'E-mail ou senha incorretos',
  rateLimited: 'Muitas tentativas de login. Aguarde 15 minutos e tente novamente.',
  wrongCurrentPassword: 'Senha atual incorreta',
  unauthenticated: 'Sessão expirada ou inválida. Faça login novamente.',
  googleUnavailable: 'Login com Google não está configurado neste servidor.',
  googleInvalid: 'Não foi possível validar o login com Google.',
  userNotFound: 'Usuário não encontrado',
  tooManyRequests: 'Muitas solicitações. Tente novamente mais tarde.',
  tooManyAttempts: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
} as const;
