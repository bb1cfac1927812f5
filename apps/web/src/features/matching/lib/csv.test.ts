import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("connections CSV", () => {
  it("quotes every cell, doubles quotes and keeps Hangul and line breaks", () => {
    expect(toCsv(["회사", "needs"], [['Saigon "Beauty"', "masks\nand creams"]])).toBe(
      '\uFEFF"회사","needs"\r\n"Saigon ""Beauty""","masks\nand creams"\r\n',
    );
  });

  it("defuses cells a spreadsheet would run as a formula", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe('"\'=HYPERLINK(1)"');
    expect(csvCell("-5")).toBe('"\'-5"');
    expect(csvCell("5")).toBe('"5"');
  });
});
