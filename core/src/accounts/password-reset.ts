import { fixedError } from '../shared/domain-error';
import { rateLimitedError } from './account-errors';

/** A reset link works once, for one hour (issue 14). */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** Reset requests: at most 3 per e-mail and 10 per IP per hour. */
export const PASSWORD_RESET_MAX_PER_EMAIL = 3;
export const PASSWORD_RESET_MAX_PER_IP = 10;
export const PASSWORD_RESET_WINDOW_MS = 60 * 60 * 1000;

export const PASSWORD_RESET_MESSAGES = {
  rateLimited: 'Muitas solicitações de redefinição de senha. Aguarde e tente novamente mais tarde.',
  invalidLink: 'Link de redefinição inválido, expirado ou já utilizado. Solicite um novo link.',
  unknownEmail: 'Não há conta cadastrada com este e-mail.',
  unavailable:
    'A recuperação de senha por e-mail não está configurada neste servidor. Peça ao administrador para redefinir sua senha ou para configurar o envio de e-mails.',
  mailSubject: 'Limiar — redefinição de senha',
  sent: 'Se houver uma conta com este e-mail, enviamos um link para redefinir a senha. Confira sua caixa de entrada (e o spam). O link vale por 1 hora.',
  shownOnScreen: 'Este servidor não tem envio de e-mail configurado, por isso o link de redefinição aparece aqui. Ele vale por 1 hora e só pode ser usado uma vez.',
  done: 'Senha redefinida. Todas as sessões da conta foram encerradas: entre com a nova senha.',
} as const;

export class PasswordResetRateLimitedError extends rateLimitedError(PASSWORD_RESET_MESSAGES.rateLimited) {}

/** Unknown, expired or already used link: one answer for all three. */
export class PasswordResetLinkInvalidError extends fixedError('AUTH.RESET_LINK_INVALID', PASSWORD_RESET_MESSAGES.invalidLink, 'token') {}

/** Only when the link is shown on screen (no mail server): the e-mail has no account. */
export class PasswordResetEmailNotFoundError extends fixedError('ACCOUNT.EMAIL_NOT_FOUND', PASSWORD_RESET_MESSAGES.unknownEmail, 'email') {}

/** No mail server and the request does not come from the server's own machine (ADR 0013). */
export class PasswordResetUnavailableError extends fixedError('AUTH.PASSWORD_RESET_UNAVAILABLE', PASSWORD_RESET_MESSAGES.unavailable) {}

/** The e-mail with the link (pt-BR, plain text). */
export function passwordResetMail(name: string, link: string, expiresAt: Date) {
  const until = expiresAt.toLocaleTimeString('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' });
  return {
    subject: PASSWORD_RESET_MESSAGES.mailSubject,
    text: [
      `Olá, ${name}.`,
      '',
      'Recebemos um pedido para redefinir a senha da sua conta no Limiar. Para escolher uma nova senha, abra o link abaixo:',
      '',
      link,
      '',
      `O link vale por 1 hora (até ${until}, horário de Brasília) e só pode ser usado uma vez. Ao redefinir a senha, todas as sessões abertas da conta são encerradas.`,
      '',
      'Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.',
    ].join('\n'),
  };
}
