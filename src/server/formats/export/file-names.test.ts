import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "@/server/http/content-disposition";
import { asciiFileName, titleFileName } from "./file-names";

describe("export file names", () => {
  it("name a download by its title, and its ASCII name by the slug, \"untitled\" when the title has no Latin letters", () => {
    const names = (title: string) => [asciiFileName(title), titleFileName(title)];
    expect(names("Année 2026")).toEqual(["annee-2026", "Année 2026"]);
    expect(names("日本語のメモ")).toEqual(["untitled", "日本語のメモ"]);
    expect(names("🎉🎉")).toEqual(["untitled", "🎉🎉"]);
    expect(names("Привет мир")).toEqual(["privet-mir", "Привет мир"]);
    expect(names("")).toEqual(["untitled", "untitled"]);
    expect(names(" ... ")).toEqual(["untitled", "untitled"]);
  });

  it("keep the title's name safe on any file system", () => {
    expect(titleFileName('Q1/Q2: "plans" <draft> a\\b*c?d|e')).toBe("Q1-Q2- -plans- -draft- a-b-c-d-e");
    expect(titleFileName(".hidden notes.")).toBe("hidden notes");
    expect(titleFileName("tab\tand\nnew line\u0007")).toBe("tab and new line");
    // A right-to-left override would show "invoice\u202Efdp.md" as "invoicedm.pdf".
    expect(titleFileName("invoice\u202Efdp")).toBe("invoicefdp");
    expect(titleFileName("CON")).toBe("CON-");
    expect(titleFileName("e\u0301te\u0301")).toBe("été");
    // Cut to 200 bytes of UTF-8 between characters as shown (each of these takes 3, the family 18).
    const long = titleFileName("日".repeat(100));
    expect(long).toBe("日".repeat(66));
    const family = "👨‍👩‍👧";
    expect(titleFileName(`${"a".repeat(190)}${family}`)).toBe("a".repeat(190));
  });

  it("answer RFC 6266's two names, the UTF-8 one percent-encoded by RFC 8187", () => {
    expect(attachmentDisposition("untitled.md", "日本語のメモ.md")).toBe(
      `attachment; filename="untitled.md"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E%E3%81%AE%E3%83%A1%E3%83%A2.md`,
    );
    expect(attachmentDisposition("its-mine.md", "It's (mine) *now*.md")).toBe(`attachment; filename="its-mine.md"; filename*=UTF-8''It%27s%20%28mine%29%20%2Anow%2A.md`);
  });
});
