import { describe, expect, it } from "vitest";
import { formErrorsOf } from "./use-form-action";

describe("formErrorsOf", () => {
  const failed = (fields?: Record<string, string>) => ({ message: "Something went wrong.", fields });

  it("gives each field shown its own error, and no error for the whole form", () => {
    expect(formErrorsOf(failed({ name: "Name the template.", description: "Too long." }), ["name", "description"])).toEqual({
      name: "Name the template.",
      description: "Too long.",
    });
    expect(formErrorsOf(failed({ name: "Name the template." }), ["name", "description"])).toEqual({ name: "Name the template." });
  });

  it("says the message for the whole form when no field shown is named", () => {
    expect(formErrorsOf(failed(), ["name"])).toEqual({ form: "Something went wrong." });
    expect(formErrorsOf(failed({ workspaceId: "This is not a workspace id." }), ["name", "description"])).toEqual({ form: "Something went wrong." });
    expect(formErrorsOf(failed({ name: "" }), ["name"])).toEqual({ form: "Something went wrong." });
  });
});
