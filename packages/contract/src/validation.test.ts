import { describe, expect, it } from "vitest";
import { CODES } from "./codes";
import {
  CONSENT_ITEMS,
  checkBusinessConnectForm,
  checkConsents,
  checkDuns,
  checkEmail,
  checkImage,
  checkPassword,
  checkPasswordRepeat,
  checkSignInEmail,
  checkSignInPassword,
  checkVerificationCode,
  fieldErrorsOf,
  IMAGE_MAX_BYTES,
  MESSAGES,
  normalizeDuns,
  PASSWORD_RULE_TEXT,
  REQUIRED_CONSENTS,
  type TBusinessConnectValues,
  ZBusinessConnectForm,
  ZConsents,
  ZDuns,
  ZEmail,
  ZPassword,
  ZPasswordPair,
  ZSignInForm,
  ZVerificationCode,
} from "./validation";

/** The first message a schema gives for a value, or null when it parses. */
function messageOf(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error?.issues[0]?.message ?? "?");
}

describe("e-mail", () => {
  it.each(["user@example.com", "first.last@mail.co.kr", "a-b_c@sub-domain.example.org", "x1@y2.io"])(
    "accepts %s",
    (email) => {
      expect(checkEmail(email)).toBeNull();
      expect(messageOf(ZEmail, email)).toBeNull();
    },
  );

  it.each([
    "",
    "plain",
    "user@",
    "@example.com",
    "user@example",
    "user@example.c",
    "user@example.info",
    "user..dots@example.com",
    "user@exa mple.com",
    ".user@example.com",
    "user@example.com.",
    "user name@example.com",
    "user+tag@example.com",
    `${"a".repeat(250)}@example.com`,
  ])("refuses %j with the spec message", (email) => {
    expect(checkEmail(email)).toBe("Please enter a valid email format!");
    expect(messageOf(ZEmail, email)).toBe("Please enter a valid email format!");
  });

  it("answers quickly on a long near-miss (no catastrophic backtracking)", () => {
    // A regex with nested optional quantifiers would not return from this in any reasonable time.
    expect(checkEmail(`${"a.".repeat(60)}a@${"b-".repeat(60)}b.c`)).toBe(MESSAGES.invalidEmail);
  });
});

describe("password", () => {
  it.each(["abc123", "a1b2c3d4e5f6g7h8i9j0", "Passw0rd!", "한글abc1", "a1 ~!@#"])("accepts %j", (pw) => {
    expect(checkPassword(pw)).toBeNull();
    expect(messageOf(ZPassword, pw)).toBeNull();
  });

  it.each(["ab12", "abcdefgh", "12345678", "ABCDEF12", "a1b2c3d4e5f6g7h8i9j0k", ""])("refuses %j", (pw) => {
    expect(checkPassword(pw)).toBe("Follow the password format.");
    expect(messageOf(ZPassword, pw)).toBe("Follow the password format.");
  });

  it("states the enforced rule in its hint", () => {
    expect(PASSWORD_RULE_TEXT).toBe("6 to 20 characters, with at least one number and one lowercase letter.");
  });

  it("repeat must match", () => {
    expect(checkPasswordRepeat("abc123", "abc123")).toBeNull();
    expect(checkPasswordRepeat("abc123", "abc124")).toBe("Passwords do not match!");
    const result = ZPasswordPair.safeParse({ password: "abc123", passwordRepeat: "abc12" });
    expect(result.success).toBe(false);
    expect(result.error && fieldErrorsOf(result.error)).toEqual({
      passwordRepeat: "Passwords do not match!",
    });
  });

  it("reports format and mismatch together", () => {
    const result = ZPasswordPair.safeParse({ password: "short", passwordRepeat: "other" });
    expect(result.error && fieldErrorsOf(result.error)).toEqual({
      password: "Follow the password format.",
      passwordRepeat: "Passwords do not match!",
    });
  });
});

describe("sign-in", () => {
  it("prompts for an empty e-mail and an empty password", () => {
    expect(checkSignInEmail("")).toBe("Please enter your email address.");
    expect(checkSignInEmail("   ")).toBe("Please enter your email address.");
    expect(checkSignInPassword("")).toBe("Please enter your password.");
    const result = ZSignInForm.safeParse({ email: "", password: "" });
    expect(result.error && fieldErrorsOf(result.error)).toEqual({
      email: "Please enter your email address.",
      password: "Please enter your password.",
    });
  });

  it("checks the e-mail format once it is filled in", () => {
    expect(checkSignInEmail("nope")).toBe("Please enter a valid email format!");
    expect(ZSignInForm.parse({ email: "  me@example.com ", password: "x" })).toEqual({
      email: "me@example.com",
      password: "x",
    });
  });

  it("uses the same words as the result codes", () => {
    expect(MESSAGES.emptyEmail).toBe(CODES.emptyEmail.message);
    expect(MESSAGES.emptyPassword).toBe(CODES.emptyPassword.message);
    expect(MESSAGES.passwordFormat).toBe(CODES.passwordFormat.message);
  });
});

describe("consents", () => {
  const all = {
    terms: true,
    privacy: true,
    thirdParty: true,
    location: true,
    marketing: true,
    notifications: true,
  };

  it("lists the six items in order, terms and privacy required", () => {
    expect(CONSENT_ITEMS.map((i) => i.key)).toEqual([
      "terms",
      "privacy",
      "thirdParty",
      "location",
      "marketing",
      "notifications",
    ]);
    expect(REQUIRED_CONSENTS).toEqual(["terms", "privacy"]);
  });

  it("accepts the required ones alone", () => {
    const required = { ...all, thirdParty: false, location: false, marketing: false, notifications: false };
    expect(checkConsents(required)).toBeNull();
    expect(ZConsents.safeParse(required).success).toBe(true);
  });

  it.each(["terms", "privacy"] as const)("refuses without %s", (key) => {
    const consents = { ...all, [key]: false };
    expect(checkConsents(consents)).toBe("The [required] item requires consent.");
    const result = ZConsents.safeParse(consents);
    expect(result.error && fieldErrorsOf(result.error)).toEqual({
      [key]: "The [required] item requires consent.",
    });
  });

  it("refuses unknown keys and non-booleans", () => {
    expect(ZConsents.safeParse({ ...all, extra: true }).success).toBe(false);
    expect(ZConsents.safeParse({ ...all, terms: "yes" }).success).toBe(false);
  });
});

describe("verification code", () => {
  it("accepts six digits", () => {
    expect(checkVerificationCode("012345")).toBeNull();
    expect(ZVerificationCode.parse(" 012345 ")).toBe("012345");
  });

  it("prompts when empty", () => {
    expect(checkVerificationCode("")).toBe("Please enter the verification code.");
    expect(messageOf(ZVerificationCode, " ")).toBe("Please enter the verification code.");
  });

  it.each(["12345", "1234567", "12a456", "１２３４５６"])("does not match %j", (code) => {
    expect(checkVerificationCode(code)).toBe("Verification code does not match.");
    expect(messageOf(ZVerificationCode, code)).toBe("Verification code does not match.");
  });
});

describe("business-connecting form", () => {
  const good: TBusinessConnectValues = {
    country: "KR",
    email: "buyer@company.com",
    code: "123456",
    company: "Acme",
    contactPerson: "Kim",
    jobTitle: "Buyer",
    industry: "manufacturing",
    industryOther: "",
    inquiryType: "business",
    businessType: "b2b",
  };

  it("accepts a complete form", () => {
    expect(checkBusinessConnectForm(good)).toEqual({});
    expect(ZBusinessConnectForm.safeParse(good).success).toBe(true);
  });

  it("names every missing field with its spec message", () => {
    const empty: TBusinessConnectValues = {
      country: "",
      email: "",
      code: "",
      company: " ",
      contactPerson: "",
      jobTitle: "",
      industry: "",
      industryOther: "",
      inquiryType: "",
      businessType: "",
    };
    const expected = {
      country: "Please select a country",
      email: "Please enter your business email address.",
      code: "Please enter the verification code.",
      company: "Please enter the Company name.",
      contactPerson: "Please enter your name.",
      jobTitle: "Please enter your job title.",
      industry: "Please select an industry sector (*)",
      inquiryType: "Please select an inquiry type (*)",
      businessType: "Please select a business type (*)",
    };
    expect(checkBusinessConnectForm(empty)).toEqual(expected);
    const result = ZBusinessConnectForm.safeParse(empty);
    expect(result.error && fieldErrorsOf(result.error)).toEqual(expected);
  });

  it("asks for the other industry only when 'other' is chosen", () => {
    const other = { ...good, industry: "other", industryOther: "" };
    expect(checkBusinessConnectForm(other)).toEqual({
      industryOther: "Please enter the other industry sector (*)",
    });
    const result = ZBusinessConnectForm.safeParse(other);
    expect(result.error && fieldErrorsOf(result.error)).toEqual({
      industryOther: "Please enter the other industry sector (*)",
    });
    expect(ZBusinessConnectForm.safeParse({ ...other, industryOther: "Aerospace" }).success).toBe(true);
  });

  it("shows the other-industry message beside other failures", () => {
    const result = ZBusinessConnectForm.safeParse({ ...good, industry: "other", inquiryType: "" });
    expect(result.error && fieldErrorsOf(result.error)).toEqual({
      inquiryType: "Please select an inquiry type (*)",
      industryOther: "Please enter the other industry sector (*)",
    });
  });

  it("checks the business e-mail format", () => {
    expect(checkBusinessConnectForm({ ...good, email: "buyer@company" })).toEqual({
      email: "Please enter a valid email format!",
    });
  });

  it("refuses over-long text and unknown inquiry types", () => {
    expect(checkBusinessConnectForm({ ...good, company: "x".repeat(201) })).toEqual({
      company: "At most 200 characters.",
    });
    expect(messageOf(ZBusinessConnectForm, { ...good, inquiryType: "press" })).toBe(
      "Please select an inquiry type (*)",
    );
  });
});

describe("images", () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
  const gif = new TextEncoder().encode("GIF89a......");

  it("accepts jpg and png within the cap", () => {
    expect(checkImage({ name: "a.png", size: 1000, bytes: png })).toBeNull();
    expect(checkImage({ name: "b.JPG", size: IMAGE_MAX_BYTES, bytes: jpeg })).toBeNull();
    expect(checkImage({ name: "c.jpeg", size: 10, bytes: jpeg })).toBeNull();
  });

  it("refuses other types, by content and not only by name", () => {
    const message = "Only jpg and png files can be uploaded.";
    expect(checkImage({ name: "a.gif", size: 10, bytes: gif })).toBe(message);
    expect(checkImage({ name: "a.png", size: 10, bytes: gif })).toBe(message);
    expect(checkImage({ name: "a.png", size: 10, bytes: jpeg })).toBe(message);
    expect(checkImage({ name: "a.webp", size: 10, bytes: png })).toBe(message);
    expect(message).toBe(CODES.imageType.message);
  });

  it("refuses an image over 4 MB", () => {
    expect(IMAGE_MAX_BYTES).toBe(4 * 1024 * 1024);
    expect(checkImage({ name: "a.png", size: IMAGE_MAX_BYTES + 1, bytes: png })).toBe(
      "The image exceeds the size limit.",
    );
    expect(CODES.imageSize.message).toBe("The image exceeds the size limit.");
  });
});

describe("DUNS number", () => {
  it.each(["123456789", "12-345-6789", " 123456789 "])("accepts %j", (duns) => {
    expect(checkDuns(duns)).toBeNull();
    expect(ZDuns.parse(duns)).toBe("123456789");
    expect(normalizeDuns(duns)).toBe("123456789");
  });

  it.each(["", "12345678", "1234567890", "123-45-6789", "12345678a", "12 345 6789"])("refuses %j", (duns) => {
    expect(checkDuns(duns)).toBe(CODES.dunsFormat.message);
    expect(messageOf(ZDuns, duns)).toBe("Please check the DUNS number format.");
    expect(normalizeDuns(duns)).toBeNull();
  });
});
