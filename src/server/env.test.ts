import { afterEach, describe, expect, it } from "vitest";
import { getEnv } from "./env";
import { clearProcessSingleton } from "./process-singleton";

// getEnv parses process.env once per process state: each case sets what it needs, parses afresh,
// and leaves both as it found them (test/fresh-process-state.ts undoes the file's changes too).
const saved = { SMTP_URL: process.env.SMTP_URL, PUBLIC_URL: process.env.PUBLIC_URL };
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  clearProcessSingleton("env");
});

function envWith(settings: { SMTP_URL?: string; PUBLIC_URL?: string }) {
  for (const name of ["SMTP_URL", "PUBLIC_URL"] as const) {
    if (settings[name] === undefined) delete process.env[name];
    else process.env[name] = settings[name];
  }
  clearProcessSingleton("env");
  return getEnv();
}

describe("getEnv: email needs PUBLIC_URL", () => {
  it("refuses SMTP_URL without PUBLIC_URL, saying why, where emailed links would take the request's Host", () => {
    expect(() => envWith({ SMTP_URL: "smtp://mail.example.com:587" })).toThrow(
      /^Invalid environment:\n {2}PUBLIC_URL: required when SMTP_URL is set\. Emailed links .* never on a request's Host header/,
    );
    // `PUBLIC_URL=` in a .env file means unset.
    expect(() => envWith({ SMTP_URL: "smtp://mail.example.com:587", PUBLIC_URL: "" })).toThrow(/PUBLIC_URL: required when SMTP_URL is set/);
  });

  it("takes SMTP_URL with PUBLIC_URL, and neither (`npm install && npm start` sets nothing)", () => {
    expect(envWith({ SMTP_URL: "smtp://mail.example.com:587", PUBLIC_URL: "https://docs.example.com" })).toMatchObject({
      SMTP_URL: "smtp://mail.example.com:587",
      PUBLIC_URL: "https://docs.example.com",
    });
    const plain = envWith({});
    expect([plain.SMTP_URL, plain.PUBLIC_URL]).toEqual([undefined, undefined]);
    expect(envWith({ PUBLIC_URL: "https://docs.example.com" }).SMTP_URL).toBeUndefined();
  });
});
