import { describe, expect, it } from "vitest";
import { formValues } from "./form-helpers";

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
