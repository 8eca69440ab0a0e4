import nodemailer from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail through the SMTP server of `SMTP_URL` (nodemailer: TLS, auth and pooling from the URL). */
export function smtpMailer(url: string, from: string): { send(mail: Mail): Promise<void> } {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}
