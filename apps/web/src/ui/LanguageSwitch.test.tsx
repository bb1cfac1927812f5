import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { LANGUAGE_STORAGE_KEY } from "../i18n";
import en from "../i18n/locales/en/common.json";
import ko from "../i18n/locales/ko/common.json";
import { renderPage } from "../test/test-render";
import { LanguageSwitch } from "./LanguageSwitch";

afterEach(cleanup);

describe("language switch", { timeout: 30_000 }, () => {
  it("is a named group of two radios with the language in use checked", async () => {
    await renderPage(<LanguageSwitch />, { language: "ko" });
    const group = screen.getByRole("radiogroup", { name: ko.language.label });
    expect(group).toBeTruthy();
    const korean = screen.getByRole("radio", { name: ko.language.ko }) as HTMLInputElement;
    const english = screen.getByRole("radio", { name: ko.language.en }) as HTMLInputElement;
    expect([korean.checked, english.checked]).toEqual([true, false]);
    expect(korean.name).toBe(english.name);
  });

  it("switches the language, rewords itself and keeps the choice", async () => {
    await renderPage(<LanguageSwitch />, { language: "ko" });
    fireEvent.click(screen.getByText(ko.language.en));
    await waitFor(() => expect(document.documentElement.lang).toBe("en"));
    const english = (await screen.findByRole("radio", { name: en.language.en })) as HTMLInputElement;
    expect(english.checked).toBe(true);
    expect(screen.getByRole("radiogroup", { name: en.language.label })).toBeTruthy();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("en");
  });
});
