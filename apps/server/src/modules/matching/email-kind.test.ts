import { describe, expect, it } from "vitest";
import { emailKindOf, isDisposableEmail } from "./email-kind";

describe("a buyer's e-mail kind", () => {
  it("finds throw-away services, by their domain or a parent the list marks for every subdomain", () => {
    for (const email of ["a@mailinator.com", "A@MAILINATOR.COM", "b@10mail.org", "c@x.10mail.org"]) {
      expect(isDisposableEmail(email), email).toBe(true);
    }
    for (const email of [
      "a@gmail.com",
      "b@naver.com",
      "c@saigonbeauty.vn",
      "d@mail.samsung.com",
      "no-at-sign",
    ]) {
      expect(isDisposableEmail(email), email).toBe(false);
    }
  });

  it("calls free mail personal and any other domain the company's", () => {
    for (const email of ["a@gmail.com", "b@naver.com", "c@hanmail.net", "d@outlook.com", "e@proton.me"]) {
      expect(emailKindOf(email), email).toBe("personal");
    }
    for (const email of ["a@saigonbeauty.vn", "b@mail.samsung.com", "c@vitrine.kr"]) {
      expect(emailKindOf(email), email).toBe("company");
    }
  });
});
