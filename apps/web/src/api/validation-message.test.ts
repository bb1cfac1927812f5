import { MESSAGES, PASSWORD_RULE_TEXT } from "@vitrine/contract";
import { describe, expect, it } from "vitest";
import en from "../i18n/locales/en/accounts.json";
import { accountMessageKey } from "./validation-message";

describe("account form messages", () => {
  it("words every translated rule message in English exactly as the contract does", () => {
    const keys = Object.keys(en.validation).filter((key) => key !== "other") as (keyof typeof MESSAGES)[];
    expect(keys.map((key) => [key, en.validation[key as keyof typeof en.validation]])).toEqual(
      keys.map((key) => [key, MESSAGES[key]]),
    );
    expect(en.passwordRule).toBe(PASSWORD_RULE_TEXT);
  });

  it("finds the key of a contract message and none for an unknown one", () => {
    expect(accountMessageKey(MESSAGES.passwordMismatch)).toBe("passwordMismatch");
    expect(accountMessageKey("Something else")).toBeNull();
  });
});
