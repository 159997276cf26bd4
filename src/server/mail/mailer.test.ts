import { describe, expect, it } from "vitest";
import { decodeQuotedPrintable, startSmtpSink } from "@test/smtp-sink";
import { invitationEmail } from "@/server/services/invitations/internal/invitation-email";
import { createSmtpMailer } from "./mailer";

describe("createSmtpMailer", () => {
  it("delivers an invitation email over SMTP with the link, from MAIL_FROM", async () => {
    const sink = await startSmtpSink();
    try {
      const mailer = createSmtpMailer(sink.url, "Quire <quire@example.com>");
      const link = "http://docs.example.com/invite/abcDEF123_-abcDEF123_-abcDEF123_-abcDEF123_-";
      await mailer.send(invitationEmail({ to: "ivy@example.com", workspaceName: "Acme <Labs>", inviterName: "Olive", role: "admin", link }));
      expect(sink.received).toHaveLength(1);
      const [mail] = sink.received;
      const body = decodeQuotedPrintable(mail?.data ?? "");
      expect(mail?.from).toContain("quire@example.com");
      expect(mail?.to).toEqual(["<ivy@example.com>"]);
      expect(mail?.data).toMatch(/Subject: Join Acme <Labs> on Quire/);
      expect(body).toContain(`Accept the invitation:\r\n${link}`);
      expect(body).toContain(`<a href="${link}">`);
      expect(body).toContain("as an admin");
      expect(body).toContain("Acme &#60;Labs&#62;"); // escaped in the HTML part
    } finally {
      await sink.close();
    }
  });

  it("rejects when the server can't be reached (the caller still shows the link)", async () => {
    const sink = await startSmtpSink();
    await sink.close();
    const mailer = createSmtpMailer(sink.url, "Quire <quire@example.com>");
    await expect(
      mailer.send({ to: "ivy@example.com", subject: "x", text: "x", html: "<p>x</p>" }),
    ).rejects.toThrow();
  });
});
