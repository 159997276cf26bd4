import net from "node:net";

/** A message an SmtpSink received. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) as sent in DATA. */
  data: string;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** The messages sent to `address`, oldest first, headers and body decoded from quoted-printable. */
  mailsTo(address: string): string[];
  close(): Promise<void>;
}

/** Long lines arrive quoted-printable, as nodemailer writes them: soft breaks (=CRLF) and =XX bytes. */
export function decodeQuotedPrintable(text: string): string {
  return Buffer.from(
    text.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

/**
 * A tiny SMTP server on a free loopback port that accepts every message and keeps it:
 * email is what leaves the process, so tests receive it instead of mocking the mailer.
 * It speaks just enough SMTP for nodemailer (EHLO, MAIL, RCPT, DATA, QUIT; no TLS, no auth).
 * Whatever sends through it needs the public address emailed links are built on: createAuth's
 * `publicUrl` beside its mailer, PUBLIC_URL beside SMTP_URL (e2e: startApp's `smtpUrl` sets both).
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    let mail: ReceivedMail = { from: "", to: [], data: "" };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 sink ESMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          mail.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          received.push(mail);
          mail = { from: "", to: [], data: "" };
          inData = false;
          reply("250 queued");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "MAIL") mail.from = line.slice(10).trim();
        if (verb === "RCPT") mail.to.push(line.slice(8).trim());
        if (verb === "DATA") inData = true;
        reply(verb === "DATA" ? "354 go ahead" : verb === "QUIT" ? "221 bye" : "250 ok");
        if (verb === "QUIT") socket.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("no port");
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    mailsTo: (address) => received.filter((mail) => mail.to.includes(`<${address}>`)).map((mail) => decodeQuotedPrintable(mail.data)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
