import { CODES } from "@vitrine/contract";
import { afterEach, describe, expect, it } from "vitest";
import { EMBED_RESCODES, startEmbed, type TEmbedHandle, type TEmbedState } from "./embed";
import { detectEmbedLang, langSourcesOf } from "./lang";
import { shareIdOfPath } from "./share-path";
import { embedWords } from "./words";

const ID = "A".repeat(32);
let handle: TEmbedHandle | null = null;

afterEach(() => {
  handle?.dispose();
  handle = null;
  document.body.replaceChildren();
});

/** A server answer as the embed reads it. */
function answer(rescode: number, data: unknown = null) {
  return { status: rescode === 200, rescode, data };
}

/** Starts the embed on a page with the given address, answering calls from `answers` in order. */
function start(
  search: string,
  options: {
    lang?: "en" | "ko";
    answers?: ReturnType<typeof answer>[];
    webgl?: boolean;
    layout?: "frame" | "page";
  } = {},
) {
  const root = document.createElement("div");
  document.body.append(root);
  const calls: { path: string; payload: unknown }[] = [];
  const answers = [...(options.answers ?? [])];
  const states: TEmbedState[] = [];
  handle = startEmbed(root, {
    search,
    hash: "",
    lang: options.lang ?? "en",
    ownsDocument: true,
    layout: options.layout,
    hasWebGL: () => options.webgl ?? true,
    loadElement: () => new Promise(() => undefined),
    call: async (path, payload) => {
      calls.push({ path, payload });
      return answers.shift() ?? answer(CODES.internal.rescode);
    },
    onState: (state) => states.push(state),
  });
  return { root, calls, states };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

describe("embed rescodes", () => {
  it("match the contract's codes", () => {
    for (const [name, rescode] of Object.entries(EMBED_RESCODES)) {
      expect(CODES[name as keyof typeof CODES].rescode, name).toBe(rescode);
    }
  });
});

describe("embed language", () => {
  it("takes ?lang= first, then the language chosen on the site (i18nextLng), then the browser", () => {
    const none = { param: null, stored: null, browser: [] };
    expect(detectEmbedLang({ ...none, param: "ko", stored: "en", browser: ["en-US"] })).toBe("ko");
    expect(detectEmbedLang({ ...none, param: "en", stored: "ko", browser: ["ko-KR"] })).toBe("en");
    // A language we do not speak in the address falls through to the stored choice.
    expect(detectEmbedLang({ ...none, param: "fr", stored: "ko", browser: ["en-US"] })).toBe("ko");
    // The visitor chose Korean on the site; an English browser does not override it.
    expect(detectEmbedLang({ ...none, stored: "ko", browser: ["en-US", "en"] })).toBe("ko");
    expect(detectEmbedLang({ ...none, stored: "en", browser: ["ko-KR"] })).toBe("en");
    expect(detectEmbedLang({ ...none, browser: ["de", "ko-KR"] })).toBe("ko");
    expect(detectEmbedLang(none)).toBe("en");
  });

  it("reads ?lang= and i18nextLng of a real window; storage refused is no error", () => {
    localStorage.setItem("i18nextLng", "ko");
    try {
      expect(detectEmbedLang(langSourcesOf(window, "?id=x"))).toBe("ko");
      expect(detectEmbedLang(langSourcesOf(window, "?id=x&lang=en"))).toBe("en");
    } finally {
      localStorage.removeItem("i18nextLng");
    }
    const refusing = Object.create(window, {
      localStorage: {
        get() {
          throw new DOMException("denied", "SecurityError");
        },
      },
    }) as Window;
    expect(langSourcesOf(refusing, "?lang=ko").stored).toBeNull();
  });
});

describe("embed page", () => {
  it("without an id says so, in the visitor's language, and calls nothing", () => {
    const { root, calls } = start("", { lang: "ko" });
    expect(root.textContent).toContain(embedWords("ko").noId.title);
    expect(document.documentElement.lang).toBe("ko");
    expect(calls).toEqual([]);
  });

  it("tells a malformed id and a missing WebGL apart, before any call", () => {
    expect(start("?id=short").root.textContent).toContain("No data available.");
    handle?.dispose();
    const { root, calls } = start(`?id=${ID}`, { webgl: false });
    expect(root.textContent).toContain(embedWords("en").webgl.title);
    expect(calls).toEqual([]);
  });

  it("shows the monthly limit and the not-found messages the server answers", async () => {
    const limited = start(`?id=${ID}`, { answers: [answer(CODES.shareLinkMonthlyLimit.rescode)] });
    await until(() => limited.root.textContent?.includes(embedWords("en").monthlyLimit.title) ?? false);
    expect(limited.calls[0]).toEqual({
      path: "/api/business/request_business_SharelinkUrlBy_UserChannel",
      payload: { sharelink_url: ID },
    });
    handle?.dispose();
    const gone = start(`?id=${ID}`, { lang: "ko", answers: [answer(CODES.notFound.rescode)] });
    await until(() => gone.root.textContent?.includes("데이터가 없습니다.") ?? false);
  });

  it("asks for a password link's password, explains a wrong one, and opens with the right one", async () => {
    const { root, calls } = start(`?id=${ID}`, {
      answers: [
        answer(CODES.sharePasswordRequired.rescode),
        answer(CODES.sharePasswordWrong.rescode),
        answer(200, { unlocked: true }),
        answer(CODES.contentNotReady.rescode),
      ],
    });
    await until(() => root.querySelector("form") !== null);
    const words = embedWords("en").password;
    const form = () => root.querySelector("form") as HTMLFormElement;
    const input = () => root.querySelector<HTMLInputElement>("input[type=password]") as HTMLInputElement;
    expect(root.querySelector("label")?.textContent).toBe(words.label);

    form().requestSubmit();
    await until(() => root.textContent?.includes(words.empty) ?? false);
    expect(calls).toHaveLength(1);

    input().value = "wrong-one";
    form().requestSubmit();
    await until(() => root.textContent?.includes(words.wrong) ?? false);
    expect(input().getAttribute("aria-invalid")).toBe("true");

    input().value = "right-one";
    form().requestSubmit();
    await until(() => root.textContent?.includes(embedWords("en").notReady.title) ?? false);
    expect(calls.map((c) => c.path)).toEqual([
      "/api/business/request_business_SharelinkUrlBy_UserChannel",
      "/api/sharelink/request_unlock",
      "/api/sharelink/request_unlock",
      "/api/business/request_business_SharelinkUrlBy_UserChannel",
    ]);
    expect(calls[2]?.payload).toEqual({ sharelink_url: ID, password: "right-one" });
  });

  it("sends the unlock token with the resolve (a frame may keep no cookie) and says when even that fails", async () => {
    const words = embedWords("en").password;
    const kept = start(`?id=${ID}`, {
      answers: [
        answer(CODES.sharePasswordRequired.rescode),
        answer(200, { unlocked: true, unlock_token: "1700000000.token" }),
        answer(CODES.contentNotReady.rescode),
      ],
    });
    await until(() => kept.root.querySelector("form") !== null);
    const input = () => kept.root.querySelector<HTMLInputElement>("input[type=password]") as HTMLInputElement;
    input().value = "right-one";
    (kept.root.querySelector("form") as HTMLFormElement).requestSubmit();
    await until(() => kept.calls.length === 3);
    expect(kept.calls[2]?.payload).toEqual({ sharelink_url: ID, unlock_token: "1700000000.token" });
    handle?.dispose();

    // The server still asks for the password right after a right one: say what happened.
    const lost = start(`?id=${ID}`, {
      answers: [
        answer(CODES.sharePasswordRequired.rescode),
        answer(200, { unlocked: true, unlock_token: null }),
        answer(CODES.sharePasswordRequired.rescode),
      ],
    });
    await until(() => lost.root.querySelector("form") !== null);
    const field = lost.root.querySelector<HTMLInputElement>("input[type=password]") as HTMLInputElement;
    field.value = "right-one";
    (lost.root.querySelector("form") as HTMLFormElement).requestSubmit();
    await until(() => lost.root.textContent?.includes(words.lost) ?? false);
    expect(lost.states.at(-1)).toEqual({ kind: "password", error: "lost", isBusy: false });
  });

  it("shows the poster of a resolved content at once, before the engine has loaded", async () => {
    const content = {
      content_id: "c1",
      title: "Radio",
      model_url: "/blobs/model.glb",
      thumbnail_url: "/blobs/thumb.webp",
      build: { annotationinfo: [], animationinfo: [], materialinfo: [], sceneinfo: {} },
      specification: { images: [], homepage_url: null, purchase_url: null },
      dimensions: null,
      views: 0,
    };
    const doc = {
      kind: "content",
      sharelink_url: ID,
      content,
      branding: { show_logo: true, show_ads: false },
    };
    const { root } = start(`?id=${ID}`, { answers: [answer(200, { doc })] });
    await until(() => root.querySelector("img.ve-poster") !== null);
    expect(root.querySelector("img.ve-poster")?.getAttribute("src")).toBe("/blobs/thumb.webp");
    expect(document.title).toBe("Radio · Vitrine");
    expect(root.querySelector("h1")?.textContent).toBe("Radio");
  });

  it("offers 'Contact this business' for a channel's content, in a new tab, in the visitor's language", async () => {
    const content = {
      content_id: "c1",
      title: "Radio",
      model_url: "/blobs/model.glb",
      thumbnail_url: null,
      build: { annotationinfo: [], animationinfo: [], materialinfo: [], sceneinfo: {} },
      specification: { images: [], homepage_url: null, purchase_url: null },
      dimensions: null,
      views: 0,
    };
    const doc = (href: string | null) => ({
      kind: "content",
      sharelink_url: ID,
      content,
      branding: { show_logo: true, show_ads: false },
      publisher: { owner_id: "user_1", name: href ? "Radio Works" : "", href },
    });
    const withChannel = start(`?id=${ID}`, { answers: [answer(200, { doc: doc("/Channel/ch_9") })] });
    await until(() => withChannel.root.querySelector("a.ve-contact") !== null);
    const link = withChannel.root.querySelector("a.ve-contact") as HTMLAnchorElement;
    expect(link.getAttribute("href")).toBe("/business-connect?channel=ch_9&source=embed&content=c1");
    expect([link.target, link.rel, link.textContent]).toEqual([
      "_blank",
      "noopener",
      embedWords("en").contact,
    ]);
    handle?.setLang("ko");
    expect(link.textContent).toBe(embedWords("ko").contact);
    handle?.dispose();

    // No channel: no business page to contact.
    const without = start(`?id=${ID}`, { answers: [answer(200, { doc: doc(null) })] });
    await until(() => without.root.querySelector("h1")?.textContent === "Radio");
    expect(without.root.querySelector("a.ve-contact")).toBeNull();
  });

  it("switches every text when the language changes", () => {
    const { root } = start("");
    handle?.setLang("ko");
    expect(root.textContent).toContain(embedWords("ko").noId.title);
    expect(root.textContent).not.toContain(embedWords("en").noId.title);
  });
});

/** A resolved open link's document, with the publisher given. */
function contentDoc(publisher: { name: string; href: string | null } | null) {
  return {
    kind: "content",
    sharelink_url: ID,
    content: {
      content_id: "content_1",
      title: "Red Fox",
      model_url: "/blobs/model.glb",
      thumbnail_url: null,
      build: { annotationinfo: [], animationinfo: [], materialinfo: [], sceneinfo: {} },
      specification: { images: [], homepage_url: null, purchase_url: null },
      dimensions: null,
      views: 3,
    },
    branding: { show_logo: true, show_ads: false },
    ...(publisher ? { publisher: { owner_id: "user_jane", ...publisher } } : {}),
  };
}

/** The visible level-1 headings (one per page). */
const h1s = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>("h1")].filter((h) => !h.hidden).map((h) => h.textContent);

describe("share page (/share/<id>, the embed's page layout)", () => {
  const page = { layout: "page" } as const;
  const words = (lang: "en" | "ko") => embedWords(lang).page;

  it("reads the link's name from the path", () => {
    expect(shareIdOfPath(`/share/${ID}`)).toBe(ID);
    expect(shareIdOfPath(`/share/${ID}/`)).toBe(ID);
    expect(shareIdOfPath("/share/a%2Fb")).toBe("a/b");
    expect(shareIdOfPath("/share/%E0%A4%A")).toBe("");
    expect(["/share/", "/share", "/embed", `/share/${ID}/x`].map(shareIdOfPath)).toEqual(["", "", "", ""]);
  });

  it("says a malformed or missing link is not found, with one heading and the way home, calling nothing", () => {
    for (const search of ["?id=nonsense", ""]) {
      const { root, calls } = start(search, page);
      expect(h1s(root)).toEqual([words("en").notFound.title]);
      expect(root.textContent).toContain(words("en").notFound.text);
      expect(document.title).toBe(`${words("en").notFound.title} · Vitrine`);
      const home = [...root.querySelectorAll("a")].find((a) => a.textContent === words("en").home);
      expect(home?.getAttribute("href")).toBe("/");
      expect(calls).toEqual([]);
      handle?.dispose();
    }
  });

  it("says a deleted link is not found (in Korean) and a used-up link its limit", async () => {
    const gone = start(`?id=${ID}`, { ...page, lang: "ko", answers: [answer(CODES.notFound.rescode)] });
    await until(() => h1s(gone.root).includes("링크를 찾을 수 없습니다"));
    expect(gone.calls[0]?.payload).toEqual({ sharelink_url: ID });
    handle?.dispose();
    const limited = start(`?id=${ID}`, { ...page, answers: [answer(CODES.shareLinkMonthlyLimit.rescode)] });
    await until(() => h1s(limited.root).includes(embedWords("en").monthlyLimit.title));
    expect(limited.root.textContent).toContain(embedWords("en").monthlyLimit.text);
  });

  it("shows nothing of the content or its owner before the password, then the bar after it", async () => {
    const { root, calls } = start(`?id=${ID}`, {
      ...page,
      answers: [
        answer(CODES.sharePasswordRequired.rescode),
        answer(200, { unlocked: true, unlock_token: null }),
        answer(200, { doc: contentDoc({ name: "jane.kim", href: null }) }),
      ],
    });
    await until(() => root.querySelector("form") !== null);
    expect(h1s(root)).toEqual([embedWords("en").password.title]);
    expect(root.querySelector("[data-testid=share-header]")).toBeNull();
    expect(root.textContent).not.toContain("jane.kim");
    (root.querySelector("input[type=password]") as HTMLInputElement).value = "right-one";
    (root.querySelector("form") as HTMLFormElement).requestSubmit();
    await until(() => document.title === "Red Fox · Vitrine");
    expect(h1s(root)).toEqual(["Red Fox"]);
    expect(root.querySelector("[data-testid=share-publisher]")?.textContent).toBe("Shared by jane.kim");
    expect(calls.map((c) => c.path)).toEqual([
      "/api/business/request_business_SharelinkUrlBy_UserChannel",
      "/api/sharelink/request_unlock",
      "/api/business/request_business_SharelinkUrlBy_UserChannel",
    ]);
  });

  it.each([
    ["en", "Shared by Acme"],
    ["ko", "공유한 사람 Acme"],
  ] as const)(
    "%s: names the content, who shared it (linked to the channel) and the contact in a bar above the stage",
    async (lang, byline) => {
      const { root } = start(`?id=${ID}`, {
        ...page,
        lang,
        answers: [answer(200, { doc: contentDoc({ name: "Acme", href: "/Channel/ch_1" }) })],
      });
      await until(() => root.querySelector("[data-testid=share-header]") !== null);
      const bar = root.querySelector("[data-testid=share-header]") as HTMLElement;
      expect(h1s(root)).toEqual(["Red Fox"]);
      expect(bar.querySelector("h1")?.textContent).toBe("Red Fox");
      expect(bar.querySelector("[data-testid=share-publisher]")?.textContent).toBe(byline);
      expect(bar.querySelector("a.ve-publisher")?.getAttribute("href")).toBe("/Channel/ch_1");
      // The contact sits in the bar and opens the form in the same tab.
      const contact = bar.querySelector("a.ve-contact") as HTMLAnchorElement;
      expect(contact.getAttribute("href")).toBe(
        "/business-connect?channel=ch_1&source=share&content=content_1",
      );
      expect(contact.target).toBe("");
      expect(contact.textContent).toBe(embedWords(lang).contact);
      // The bar comes before the stage, not over it.
      const stage = root.querySelector(".ve-stage") as HTMLElement;
      expect(bar.compareDocumentPosition(stage) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(stage.contains(bar)).toBe(false);
    },
  );

  it("names a publisher without a channel as text, and none when it has no name", async () => {
    const plain = start(`?id=${ID}`, {
      ...page,
      answers: [answer(200, { doc: contentDoc({ name: "jane.kim", href: null }) })],
    });
    await until(() => plain.root.querySelector("[data-testid=share-publisher]")?.textContent !== "");
    expect(plain.root.querySelector("strong.ve-publisher")?.textContent).toBe("jane.kim");
    expect(plain.root.querySelector("a.ve-publisher, a.ve-contact")).toBeNull();
    handle?.dispose();
    const nameless = start(`?id=${ID}`, {
      ...page,
      answers: [answer(200, { doc: contentDoc({ name: "", href: null }) })],
    });
    await until(() => nameless.root.querySelector("[data-testid=share-header]") !== null);
    expect((nameless.root.querySelector("[data-testid=share-publisher]") as HTMLElement).hidden).toBe(true);
  });

  it("says an encrypted link without its key is incomplete, and downloads nothing", async () => {
    const sealed = {
      kind: "sealed",
      sharelink_url: ID,
      sealed_url: "/blobs/sealed-1.vts",
      sealed_bytes: 1000,
      branding: { show_logo: true, show_ads: false },
      publisher: { owner_id: "user_jane", name: "jane.kim", href: null },
    };
    const { root, calls } = start(`?id=${ID}`, { ...page, answers: [answer(200, { doc: sealed })] });
    await until(() => h1s(root).includes(embedWords("en").sealed.noKey.title));
    expect(root.textContent).toContain(embedWords("en").sealed.noKey.text);
    expect(calls).toHaveLength(1);
  });
});
