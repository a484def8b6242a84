import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Delivers one mail. The outbox calls it after the change that wrote the mail committed. */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
}

/** SMTP through nodemailer, e.g. `SMTP_URL=smtps://user:password@smtp.example.com`. */
export function smtpMailSender(url: string, from: string): MailSender {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
}
