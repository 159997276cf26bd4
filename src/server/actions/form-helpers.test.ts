import { describe, expect, it } from "vitest";
import { AppError } from "@/server/errors";
import { formStateFromError, formValues } from "./form-helpers";

describe("formValues", () => {
  it("takes the named string fields of a form", () => {
    const form = new FormData();
    form.append("email", "a@example.com");
    form.append("file", new Blob(["x"]));
    expect(formValues(form, ["email", "file", "missing"])).toEqual({ email: "a@example.com" });
  });

  it("finds no fields in whatever a crafted call sends instead of a form", () => {
    for (const notAForm of [5, "email=a@example.com", null, undefined, { email: "a@example.com" }, [["email", "x"]]]) {
      expect(formValues(notAForm, ["email"])).toEqual({});
    }
  });
});

describe("formStateFromError", () => {
  it("shows a service's failure, and a database error input caused as the form's message instead of the error page", () => {
    expect(formStateFromError(new AppError("conflict", "Taken."), { name: "x" })).toEqual({ message: "Taken.", fields: {}, values: { name: "x" }, code: "conflict" });
    const nul = Object.assign(new Error("Failed query"), { cause: Object.assign(new Error("invalid byte sequence"), { code: "22021" }) });
    expect(formStateFromError(nul, {})).toMatchObject({ code: "bad_request", message: expect.stringContaining("NUL") });
    expect(() => formStateFromError(new Error("boom"), {})).toThrow("boom");
  });
});
