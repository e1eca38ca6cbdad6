import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { MailMessage, MailSender } from '../../../core/src';

/**
 * SMTP through nodemailer (`SMTP_URL`, e.g. smtp://user:pass@mail.example.com:587). `send` starts the
 * delivery and resolves at once (the port's contract): a request's response time must not say
 * whether a message went out, and a slow or failing server must not hold the request. Failures are
 * logged; `settled()` lets tests and shutdown wait for the deliveries in flight.
 */
export class NodemailerMailSender implements MailSender {
  private readonly transport: Transporter;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(smtpUrl: string, private readonly from: string, private readonly logger: Logger) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    const delivery = this.transport
      .sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text })
      .then((info) => this.logger.info({ messageId: info.messageId }, 'e-mail enviado'))
      .catch((error: unknown) => this.logger.error({ err: error, subject: message.subject }, 'falha ao enviar e-mail'))
      .finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  async settled(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  close(): void {
    this.transport.close();
  }
}
