/**
 * `/embed?id=<sharelink_url>`: a shared content filling its frame, in plain DOM; and, with
 * `layout: "page"`, the visitor's page `/share/<id>` (issue 17): the same path with a bar above
 * the viewer naming the content, who shared it (linked to the channel) and 'Contact this business'.
 *
 * Resolves the link (client configuration, then the resolve call in the request envelope), shows
 * the thumbnail at once as the largest paint, then `<vitrine-viewer>` over it (the engine loads
 * as its own chunk, fetched while the calls are under way), then counts the view. Password links
 * get a small form; sealed links (`#k=`) are downloaded with progress and opened in the browser.
 * Every other outcome is one short translated message. No React, no UI library, no zod.
 */
import type { TSharedDoc, TSharePublisher } from "@vitrine/contract";
import type { TViewerShowConfig, VitrineViewerElement } from "@vitrine/viewer/element";
import { createEmbedCall, type TEmbedCall } from "./api";
import type { TEmbedLang } from "./lang";
import type { TOpenedSnapshot } from "./sealed-download";
import { sharedDocOf } from "./shared-doc";
import type { TEmbedTracking } from "./track";
import { embedWords, fill, type TEmbedWords } from "./words";

/** Call paths (the contract's, written out so this bundle does not load the schemas). */
export const EMBED_PATHS = {
  resolve: "/api/business/request_business_SharelinkUrlBy_UserChannel",
  unlock: "/api/sharelink/request_unlock",
  visit: "/api/business/request_business_Connect_update_visit_count",
} as const;

/**
 * The rescodes the embed tells apart (the contract's `CODES`, written out so this bundle does not
 * carry the whole catalogue; `embed.test.ts` checks they match).
 */
export const EMBED_RESCODES = {
  validation: 1002,
  notFound: 1004,
  rateLimited: 1029,
  sharePasswordRequired: 2026,
  sharePasswordWrong: 2027,
  shareLinkMonthlyLimit: 2028,
  contentNotReady: 2029,
} as const;

const SHARE_ID = /^[A-Za-z0-9_-]{32}$/;

/** How long the engine waits for a slow poster before it runs anyway. */
const POSTER_WAIT_MS = 1500;

/** The messages the embed can show instead of the content. */
export type TEmbedMessage = "noId" | "notFound" | "monthlyLimit" | "notReady" | "webgl" | "failed";

/** What the frame shows. */
export type TEmbedState =
  | { kind: "loading" }
  | { kind: "message"; message: TEmbedMessage }
  | { kind: "sealedMessage"; message: "noKey" | "broken" }
  | { kind: "password"; error: "empty" | "wrong" | "tooMany" | "failed" | "lost" | null; isBusy: boolean }
  | { kind: "downloading"; percent: number }
  | { kind: "opening" }
  | { kind: "viewer" };

/** The viewer element's module (loaded on demand). */
export interface TElementModule {
  defineVitrineViewer: () => void;
}

/** Options of {@link startEmbed}. */
export interface TEmbedOptions {
  /** `location.search`: `id` (required) and `lang` (optional). */
  search: string;
  /** `location.hash`: `k=<key>` for sealed links. */
  hash: string;
  lang: TEmbedLang;
  /** True when the embed is the whole page: it then sets `<html lang>` and the document title. */
  ownsDocument: boolean;
  /**
   * `frame` (default): the content fills its frame, 'Contact this business' opens a new tab.
   * `page`: `/share/<id>`, a page of its own: the title, publisher and contact sit in a bar
   * above the viewer, the contact opens in the same tab, and messages lead home.
   */
  layout?: "frame" | "page";
  /** The page's name until a content has a title (default: the embed's page title). */
  heading?: string;
  call?: TEmbedCall;
  loadElement?: () => Promise<TElementModule>;
  /** Whether the browser can draw 3D (default: a WebGL context can be had). */
  hasWebGL?: (doc: Document) => boolean;
  /** Called on every state change (tests and the benches watch it). */
  onState?: (state: TEmbedState) => void;
  /**
   * Loads the view rows' module (`/embed` passes `() => import("./track")`); without it the embed
   * sends no rows (inside the app, whose own page timing counts the page).
   */
  loadTracking?: () => Promise<typeof import("./track")>;
}

/** A running embed. */
export interface TEmbedHandle {
  setLang(lang: TEmbedLang): void;
  readonly state: TEmbedState;
  dispose(): void;
}

/** The publisher of a resolved link, when the answer names one in the expected shape. */
function publisherOf(shared: TSharedDoc): TSharePublisher | null {
  const p = (shared as { publisher?: Partial<Record<keyof TSharePublisher, unknown>> }).publisher;
  if (!p || typeof p.owner_id !== "string" || typeof p.name !== "string") return null;
  const href = typeof p.href === "string" && p.href.startsWith("/") ? p.href : null;
  return { owner_id: p.owner_id, name: p.name, href };
}

/** Which message a failed resolve shows. */
export function messageForRescode(rescode: number): TEmbedMessage {
  if (rescode === EMBED_RESCODES.notFound || rescode === EMBED_RESCODES.validation) return "notFound";
  if (rescode === EMBED_RESCODES.shareLinkMonthlyLimit) return "monthlyLimit";
  if (rescode === EMBED_RESCODES.contentNotReady) return "notReady";
  return "failed";
}

/** True when the browser can give a WebGL context (then lets it go at once). */
export function canUseWebGL(doc: Document): boolean {
  try {
    const canvas = doc.createElement("canvas");
    const gl = canvas.getContext("webgl2") ?? canvas.getContext("webgl");
    if (!gl) return false;
    gl.getExtension("WEBGL_lose_context")?.loseContext();
    return true;
  } catch {
    return false;
  }
}

function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

/** Starts the embed inside `root` (emptied first). */
export function startEmbed(root: HTMLElement, options: TEmbedOptions): TEmbedHandle {
  const doc = root.ownerDocument;
  const call = options.call ?? createEmbedCall();
  const loadElement = options.loadElement ?? (() => import("@vitrine/viewer/element"));
  const params = new URLSearchParams(options.search);
  const id = params.get("id")?.trim() ?? "";
  let lang = options.lang;
  let words: TEmbedWords = embedWords(lang);
  let state: TEmbedState = { kind: "loading" };
  let contentTitle: string | null = null;
  let isDisposed = false;
  /**
   * The unlock call's token, kept in this page's memory only: a frame on another site may not
   * keep the unlock cookie (http, third-party cookies blocked), so resolve sends it as well.
   */
  let unlockToken: string | null = null;
  let viewer: VitrineViewerElement | null = null;
  let poster: HTMLImageElement | null = null;
  let tracking: Promise<TEmbedTracking | null> | null = null;
  let contactLink: HTMLAnchorElement | null = null;
  let publisher: TSharePublisher | null = null;
  const cleanups: (() => void)[] = [];
  const isPage = options.layout === "page";

  const shell = el(doc, "main", isPage ? "ve ve-page" : "ve");
  const heading = el(doc, "h1", "ve-sr");
  const layer = el(doc, "div", "ve-layer");
  /** Where the poster, the viewer and the messages go: the frame itself, or the page's stage. */
  const stage = isPage ? el(doc, "div", "ve-stage") : shell;
  /** The page's bar (page layout, once a content has a title). */
  let bar: HTMLElement | null = null;
  if (isPage) shell.append(heading, stage);
  else shell.append(heading);
  stage.append(layer);
  root.replaceChildren(shell);

  /** The page's name while no content is shown: the message's title, if one is shown. */
  function pageName(): string {
    if (contentTitle) return contentTitle;
    if (isPage && state.kind === "message") return messageTexts(state.message).title;
    if (isPage && state.kind === "sealedMessage") return words.sealed[state.message].title;
    return options.heading ?? (isPage ? words.page.title : words.pageTitle);
  }

  /** A message's texts; the page says "link not found" where the frame says "no data". */
  function messageTexts(kind: TEmbedMessage): { title: string; text: string } {
    return isPage && kind === "notFound" ? words.page.notFound : words[kind];
  }

  function setDocument() {
    if (!options.ownsDocument) return;
    doc.documentElement.lang = lang;
    doc.title = `${pageName()} · ${words.brand}`;
  }

  function message(title: string, text: string, withRetry: boolean): HTMLElement {
    const box = el(
      doc,
      "section",
      "ve-msg",
      el(doc, isPage ? "h1" : "h2", "", title),
      el(doc, "p", "", text),
    );
    box.setAttribute("role", "alert");
    const actions = el(doc, "div", "ve-actions");
    if (withRetry) {
      const retry = el(doc, "button", "ve-btn", words.retry);
      retry.type = "button";
      retry.addEventListener("click", () => void resolve());
      actions.append(retry);
    }
    if (isPage) {
      // A page of its own: a visitor who cannot see the content can still go somewhere.
      const home = el(doc, "a", withRetry ? "ve-link" : "ve-btn", words.page.home);
      home.href = "/";
      actions.append(home);
    }
    if (actions.childElementCount > 0) box.append(actions);
    return box;
  }

  /**
   * The page's bar above the viewer: the content's title as the page's heading, who shared it
   * (linked to their channel) and 'Contact this business'.
   */
  function showBar() {
    if (!isPage || bar) return;
    heading.className = "ve-title";
    const byline = el(doc, "p", "ve-byline");
    byline.dataset.testid = "share-publisher";
    bar = el(doc, "header", "ve-bar", heading, byline);
    bar.dataset.testid = "share-header";
    if (contactLink) bar.append(contactLink);
    shell.prepend(bar);
    renderBar();
  }

  function renderBar() {
    const byline = bar?.querySelector<HTMLElement>(".ve-byline");
    if (!byline) return;
    if (!publisher?.name) {
      byline.replaceChildren();
      byline.hidden = true;
      return;
    }
    let name: HTMLElement = el(doc, "strong", "ve-publisher", publisher.name);
    if (publisher.href) {
      const link = el(doc, "a", "ve-publisher", publisher.name);
      link.href = publisher.href;
      name = link;
    }
    byline.hidden = false;
    byline.replaceChildren(`${words.page.sharedBy} `, name);
  }

  function passwordForm(s: Extract<TEmbedState, { kind: "password" }>): HTMLElement {
    const input = el(doc, "input", "ve-input");
    input.type = "password";
    input.name = "password";
    input.id = "ve-password";
    input.autocomplete = "current-password";
    input.maxLength = 200;
    input.disabled = s.isBusy;
    const label = el(doc, "label", "ve-label", words.password.label);
    label.htmlFor = input.id;
    const submit = el(doc, "button", "ve-btn", words.password.submit);
    submit.type = "submit";
    submit.disabled = s.isBusy;
    const error = el(
      doc,
      "p",
      "ve-error",
      s.error ? words.password[s.error === "failed" ? "wrong" : s.error] : "",
    );
    if (s.error === "failed") error.textContent = words.failed.text;
    error.setAttribute("aria-live", "polite");
    error.id = "ve-password-error";
    if (s.error) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", error.id);
    }
    const form = el(
      doc,
      "form",
      "ve-msg ve-form",
      el(doc, isPage ? "h1" : "h2", "", words.password.title),
      el(doc, "p", "", words.password.text),
      label,
      el(doc, "div", "ve-row", input, submit),
      error,
    );
    form.noValidate = true;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      void unlock(input.value);
    });
    if (!s.isBusy) queueMicrotask(() => input.focus({ preventScroll: true }));
    return form;
  }

  function render() {
    words = embedWords(lang);
    setDocument();
    heading.textContent = pageName();
    // A page without its bar names itself by the message's own heading (one h1 per page).
    heading.hidden = isPage && !bar && ["message", "sealedMessage", "password"].includes(state.kind);
    if (contactLink) contactLink.textContent = words.contact;
    renderBar();
    shell.setAttribute("aria-busy", String(state.kind === "loading" || state.kind === "opening"));
    shell.dataset.state = state.kind;
    const s = state;
    switch (s.kind) {
      case "loading":
      case "viewer":
        // The element shows its own progress; before it exists, the poster (or nothing) does.
        layer.replaceChildren();
        if (s.kind === "loading" && !poster) {
          const status = el(doc, "p", "ve-status", words.loading);
          status.setAttribute("role", "status");
          layer.replaceChildren(status);
        }
        break;
      case "message": {
        const texts = messageTexts(s.message);
        layer.replaceChildren(message(texts.title, texts.text, s.message === "failed"));
        break;
      }
      case "sealedMessage": {
        const texts = words.sealed[s.message];
        layer.replaceChildren(message(texts.title, texts.text, false));
        break;
      }
      case "password":
        layer.replaceChildren(passwordForm(s));
        break;
      case "downloading":
      case "opening": {
        const fillBar = el(doc, "div", "ve-fill");
        const percent = s.kind === "downloading" ? s.percent : 100;
        fillBar.style.width = `${percent}%`;
        const text =
          s.kind === "downloading" ? fill(words.sealed.downloading, { percent }) : words.sealed.opening;
        const bar = el(
          doc,
          "div",
          "ve-progress",
          el(doc, "div", "ve-track", fillBar),
          el(doc, "div", "", text),
        );
        bar.setAttribute("role", "progressbar");
        bar.setAttribute("aria-valuemin", "0");
        bar.setAttribute("aria-valuemax", "100");
        bar.setAttribute("aria-valuenow", String(percent));
        bar.setAttribute("aria-label", text);
        layer.replaceChildren(bar);
        break;
      }
    }
  }

  function setState(next: TEmbedState) {
    if (isDisposed) return;
    state = next;
    render();
    options.onState?.(state);
  }

  function showPoster(url: string | null) {
    if (!url || poster) return;
    poster = el(doc, "img", "ve-poster");
    poster.alt = "";
    poster.decoding = "async";
    poster.setAttribute("fetchpriority", "high");
    poster.src = url;
    stage.prepend(poster);
  }

  /** Starts the view rows of the resolved link (once), loading their module beside the engine. */
  function startTracking(contentId: string, ownerId: unknown) {
    const getEnvelope = call.envelope;
    const load = options.loadTracking;
    if (tracking || !getEnvelope || !load || typeof ownerId !== "string") return;
    tracking = load()
      .then((module) =>
        isDisposed ? null : module.startEmbedTracking({ getEnvelope, contentId, contentOwnerId: ownerId }),
      )
      .catch(() => null);
    cleanups.push(() => void tracking?.then((started) => started?.stop()));
  }

  /**
   * 'Contact this business' (issue 14): a content of an owner with a channel offers the
   * connecting form, in a new tab (the frame stays on the host's page).
   */
  function showContact(publisherHref: unknown, contentId: string | null) {
    const match = typeof publisherHref === "string" ? /^\/Channel\/([^/?#]+)$/.exec(publisherHref) : null;
    if (!match?.[1] || contactLink) return;
    const params = new URLSearchParams({
      channel: decodeURIComponent(match[1]),
      source: isPage ? "share" : "embed",
    });
    if (contentId) params.set("content", contentId);
    const link = el(doc, "a", "ve-contact", words.contact);
    link.href = `/business-connect?${params.toString()}`;
    contactLink = link;
    if (isPage) {
      bar?.append(link);
      return;
    }
    link.target = "_blank";
    link.rel = "noopener";
    shell.append(link);
  }

  function dropPoster() {
    poster?.remove();
    poster = null;
  }

  /**
   * The engine's module, imported on first need. Its files are already on their way (the build
   * puts `modulepreload` links for them in `embed.html`), so importing it only runs it.
   */
  function engine(): Promise<TElementModule> {
    if (!elementModule) {
      elementModule = loadElement();
      elementModule.catch(() => undefined);
    }
    return elementModule;
  }

  /**
   * Resolves once the poster is on screen (decoded, then a frame), or at once without one: the
   * engine's first run blocks the page for a while (seconds on a slow phone), and the visitor
   * should see the product meanwhile. Waits at most `POSTER_WAIT_MS` for a slow image.
   */
  async function posterShown(): Promise<void> {
    const image = poster;
    if (!image) return;
    const decoded = typeof image.decode === "function" ? image.decode().catch(() => undefined) : undefined;
    await Promise.race([decoded, new Promise((done) => setTimeout(done, POSTER_WAIT_MS))]);
    await new Promise((done) => {
      if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(done, 0));
      else setTimeout(done, 0);
    });
  }

  async function showViewer(config: Omit<TViewerShowConfig, "lang">, contentId: string | null) {
    let module: TElementModule;
    try {
      module = await engine();
    } catch (error) {
      // A failed chunk download is tried again by the retry button.
      elementModule = null;
      throw error;
    }
    if (isDisposed) return;
    module.defineVitrineViewer();
    const element = doc.createElement("vitrine-viewer") as VitrineViewerElement;
    element.className = "ve-viewer";
    viewer = element;
    void tracking?.then((started) => started?.watch(element));
    setState({ kind: "viewer" });
    stage.insertBefore(element, layer);
    const onDone = (event: Event) => {
      element.classList.add("is-drawn");
      shell.dataset.drawn = event.type === "vt-ready" ? "ready" : "failed";
      dropPoster();
    };
    element.addEventListener("vt-ready", onDone);
    element.addEventListener("vt-error", onDone);
    cleanups.push(() => {
      element.removeEventListener("vt-ready", onDone);
      element.removeEventListener("vt-error", onDone);
    });
    try {
      await element.show({ ...config, lang });
    } catch {
      // The element shows its own message (no WebGL, broken file) with a retry.
      return;
    }
    if (contentId && !isDisposed) {
      void call(EMBED_PATHS.visit, { user_contents_id: contentId });
    }
  }

  async function showSealed(doc_: Extract<TSharedDoc, { kind: "sealed" }>) {
    // Only sealed links need the snapshot codec: it loads on demand.
    let codec: typeof import("./sealed-download");
    try {
      codec = await import("./sealed-download");
    } catch {
      setState({ kind: "message", message: "failed" });
      return;
    }
    const { downloadBytes, keyFromFragment, openSealed } = codec;
    const key = keyFromFragment(options.hash);
    if (!key) {
      setState({ kind: "sealedMessage", message: "noKey" });
      return;
    }
    setState({ kind: "downloading", percent: 0 });
    let ciphertext: Uint8Array;
    try {
      ciphertext = await downloadBytes(doc_.sealed_url, doc_.sealed_bytes, (fraction) => {
        const percent = Math.round(fraction * 100);
        if (state.kind === "downloading" && state.percent !== percent)
          setState({ kind: "downloading", percent });
      });
    } catch {
      setState({ kind: "message", message: "failed" });
      return;
    }
    setState({ kind: "opening" });
    let opened: TOpenedSnapshot;
    try {
      opened = await openSealed(ciphertext, key);
    } catch {
      setState({ kind: "sealedMessage", message: "broken" });
      return;
    }
    cleanups.push(opened.revoke);
    contentTitle = opened.manifest.title;
    showBar();
    await showViewer(
      {
        modelUrl: opened.modelUrl,
        title: opened.manifest.title,
        build: opened.manifest.build,
        specificationImages: opened.manifest.specificationImages.map(opened.resolveMedia),
        dimensions: opened.manifest.dimensions,
        branding: { showLogo: doc_.branding.show_logo, showAds: doc_.branding.show_ads },
        resolveMedia: opened.resolveMedia,
        homeUrl: "/",
      },
      null,
    );
  }

  async function resolve(isAfterUnlock = false) {
    setState({ kind: "loading" });
    const answer = await call(EMBED_PATHS.resolve, {
      sharelink_url: id,
      ...(unlockToken ? { unlock_token: unlockToken } : {}),
    });
    if (isDisposed) return;
    if (!answer.status) {
      if (answer.rescode === EMBED_RESCODES.sharePasswordRequired) {
        // Right after a right password: the unlock was not kept; say so instead of asking again.
        setState({ kind: "password", error: isAfterUnlock ? "lost" : null, isBusy: false });
      } else {
        setState({ kind: "message", message: messageForRescode(answer.rescode) });
      }
      return;
    }
    const shared = sharedDocOf(answer.data);
    if (!shared) {
      setState({ kind: "message", message: "failed" });
      return;
    }
    publisher = publisherOf(shared);
    startTracking(shared.kind === "content" ? shared.content.content_id : "", publisher?.owner_id);
    showContact(publisher?.href, shared.kind === "content" ? shared.content.content_id : null);
    if (shared.kind === "sealed") {
      await showSealed(shared);
      return;
    }
    const { content, branding } = shared;
    contentTitle = content.title;
    showBar();
    showPoster(content.thumbnail_url);
    render();
    await posterShown();
    if (isDisposed) return;
    await showViewer(
      {
        modelUrl: content.model_url,
        posterUrl: content.thumbnail_url,
        title: content.title,
        build: content.build,
        specificationImages: content.specification.images,
        dimensions: content.dimensions,
        branding: { showLogo: branding.show_logo, showAds: branding.show_ads },
        homeUrl: "/",
      },
      content.content_id,
    );
  }

  async function unlock(password: string) {
    if (password.length === 0) {
      setState({ kind: "password", error: "empty", isBusy: false });
      return;
    }
    setState({ kind: "password", error: null, isBusy: true });
    const answer = await call(EMBED_PATHS.unlock, { sharelink_url: id, password });
    if (isDisposed) return;
    if (answer.status) {
      const data = answer.data as { unlock_token?: unknown } | null;
      unlockToken = typeof data?.unlock_token === "string" ? data.unlock_token : null;
      await resolve(true);
      return;
    }
    const error =
      answer.rescode === EMBED_RESCODES.sharePasswordWrong || answer.rescode === EMBED_RESCODES.validation
        ? "wrong"
        : answer.rescode === EMBED_RESCODES.rateLimited
          ? "tooMany"
          : "failed";
    setState({ kind: "password", error, isBusy: false });
  }

  // Checks that need no server first: no id, a malformed id, no WebGL.
  let elementModule: Promise<TElementModule> | null = null;
  if (!id) {
    setState({ kind: "message", message: isPage ? "notFound" : "noId" });
  } else if (!SHARE_ID.test(id)) {
    setState({ kind: "message", message: "notFound" });
  } else if (!(options.hasWebGL ?? canUseWebGL)(doc)) {
    setState({ kind: "message", message: "webgl" });
  } else {
    // The engine downloads while the calls are under way (modulepreload), and runs once the
    // poster shows.
    render();
    void resolve().catch(() => setState({ kind: "message", message: "failed" }));
  }

  return {
    get state() {
      return state;
    },
    setLang(next) {
      lang = next;
      viewer?.setLang(next);
      render();
    },
    dispose() {
      isDisposed = true;
      for (const cleanup of cleanups.splice(0)) cleanup();
      viewer?.remove();
      viewer = null;
      root.replaceChildren();
    },
  };
}
