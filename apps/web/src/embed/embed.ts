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
 *
 * The pieces of DOM are `embed-view.ts`; the options, states and call paths `embed-types.ts`.
 */
import type { TSharedDoc, TSharePublisher } from "@vitrine/contract";
import type { TViewerShowConfig, VitrineViewerElement } from "@vitrine/viewer/element";
import { createEmbedCall } from "./api";
import {
  canUseWebGL,
  EMBED_PATHS,
  EMBED_RESCODES,
  messageForRescode,
  publisherOf,
  SHARE_ID,
  type TElementModule,
  type TEmbedHandle,
  type TEmbedMessage,
  type TEmbedOptions,
  type TEmbedState,
} from "./embed-types";
import {
  contactHrefOf,
  el,
  messageBox,
  pageBar,
  passwordForm,
  posterImage,
  posterShown,
  progressBar,
  renderByline,
  type TEmbedView,
} from "./embed-view";
import { openSealedLink } from "./sealed-link";
import { sharedDocOf } from "./shared-doc";
import type { TEmbedTracking } from "./track";
import { embedWords, type TEmbedWords } from "./words";

export { EMBED_RESCODES, type TEmbedHandle, type TEmbedState } from "./embed-types";

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

  /** What the pieces of DOM are drawn for (the words follow the language). */
  function view(): TEmbedView {
    return { doc, words, isPage };
  }

  /**
   * The page's bar above the viewer: the content's title as the page's heading, who shared it
   * (linked to their channel) and 'Contact this business'.
   */
  function showBar() {
    if (!isPage || bar) return;
    heading.className = "ve-title";
    bar = pageBar(doc, heading);
    if (contactLink) bar.append(contactLink);
    shell.prepend(bar);
    renderBar();
  }

  function renderBar() {
    const byline = bar?.querySelector<HTMLElement>(".ve-byline");
    if (byline) renderByline(view(), byline, publisher);
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
        layer.replaceChildren(
          messageBox(view(), texts.title, texts.text, s.message === "failed" ? () => void resolve() : null),
        );
        break;
      }
      case "sealedMessage": {
        const texts = words.sealed[s.message];
        layer.replaceChildren(messageBox(view(), texts.title, texts.text, null));
        break;
      }
      case "password":
        layer.replaceChildren(passwordForm(view(), s, (password) => void unlock(password)));
        break;
      case "downloading":
      case "opening":
        layer.replaceChildren(progressBar(view(), s));
        break;
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
    poster = posterImage(doc, url);
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
    if (contactLink) return;
    const href = contactHrefOf(publisherHref, contentId, isPage);
    if (!href) return;
    const link = el(doc, "a", "ve-contact", words.contact);
    link.href = href;
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
    const opened = await openSealedLink(doc_, options.hash, setState, () => state);
    if (!opened) return;
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
    await posterShown(poster);
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
