import type { Transporter } from "nodemailer";
import { getEnv } from "@/server/env";
import { processSingleton } from "@/server/process-singleton";

/** One outgoing email. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (List-Unsubscribe and List-Unsubscribe-Post for notification emails). */
  headers?: Record<string, string>;
}

/** Sends email; the only way Quire's code reaches SMTP. */
export interface Mailer {
  /** @throws when the SMTP server refuses or can't be reached */
  send(mail: Mail): Promise<void>;
}

/** A mailer over the SMTP server at `url` (smtp:// or smtps://), sending from `from`. */
export function createSmtpMailer(url: string, from: string): Mailer {
  // nodemailer (39 modules) loads with the first email, not with every start of the server.
  let transport: Promise<Transporter> | undefined;
  const connect = async () => {
    const { default: nodemailer } = await import("nodemailer");
    // Short timeouts: the person inviting waits for this, and the link is shown either way.
    return nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  };
  return {
    send: async (mail) => {
      transport ??= connect();
      await (await transport).sendMail({ from, ...mail });
    },
  };
}

/** The process's mailer, or null when SMTP_URL is unset (the app then only shows links). */
export function getMailer(): Mailer | null {
  return processSingleton("mailer", () => {
    const env = getEnv();
    return env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM) : null;
  });
}
