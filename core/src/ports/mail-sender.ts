export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends e-mail (SMTP in production, adapters/src/mail). `send` hands the message over and resolves
 * without waiting for the SMTP dialogue, so a caller's response time does not reveal whether a
 * message was sent; delivery failures are logged by the adapter, never thrown.
 */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
}
