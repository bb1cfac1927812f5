/**
 * The embed's frame (`embed.ts` opens the link, this draws it): the shell with its heading, the
 * stage with the poster, the viewer and the layer of messages over them, and, with the page
 * layout, the bar naming the content, who shared it and 'Contact this business'. It keeps what
 * the resolved link told it; the embed's state and language come with each drawing.
 */
import type { TSharePublisher } from "@vitrine/contract";
import type { TEmbedMessage, TEmbedOptions, TEmbedState } from "./embed-types";
import {
  contactHrefOf,
  el,
  messageBox,
  pageBar,
  passwordForm,
  posterImage,
  progressBar,
  renderByline,
  type TEmbedView,
} from "./embed-view";
import type { TEmbedLang } from "./lang";
import { embedWords, type TEmbedWords } from "./words";

/**
 * What {@link createFrame} hands the embed, in this order (a tuple, not an object: `/embed`'s
 * script is budgeted, and property names survive minification).
 */
export type TEmbedFrame = [
  /** Draws `state` in `lang`: the document's title, the heading, the bar and the layer. */
  render: (state: TEmbedState, lang: TEmbedLang) => void,
  /** Keeps the link's publisher for the bar and offers 'Contact this business' when it has a channel. */
  showPublisher: (publisher: TSharePublisher | null, contentId: string | null) => void,
  /** Names the content (the page's bar appears) and shows its poster; answers the poster, if any. */
  showContent: (title: string, posterUrl?: string | null) => HTMLImageElement | null,
  /** Puts the viewer on the stage, under the layer; answers the undo of its listeners. */
  mountViewer: (element: HTMLElement) => () => void,
];

/**
 * Builds the frame inside `root` (emptied first); `onRetry` and `onUnlock` are the message's
 * retry and the password form's submit.
 */
export function createFrame(
  root: HTMLElement,
  options: TEmbedOptions,
  onRetry: () => void,
  onUnlock: (password: string) => void,
): TEmbedFrame {
  const doc = root.ownerDocument;
  const isPage = options.layout === "page";
  let words: TEmbedWords = embedWords(options.lang);
  let contentTitle: string | null = null;
  let poster: HTMLImageElement | null = null;
  let contactLink: HTMLAnchorElement | null = null;
  let publisher: TSharePublisher | null = null;

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
  function pageName(state: TEmbedState): string {
    if (contentTitle) return contentTitle;
    if (isPage && state.kind === "message") return messageTexts(state.message).title;
    if (isPage && state.kind === "sealedMessage") return words.sealed[state.message].title;
    return options.heading ?? (isPage ? words.page.title : words.pageTitle);
  }

  /** A message's texts; the page says "link not found" where the frame says "no data". */
  function messageTexts(kind: TEmbedMessage): { title: string; text: string } {
    return isPage && kind === "notFound" ? words.page.notFound : words[kind];
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

  function render(state: TEmbedState, lang: TEmbedLang) {
    words = embedWords(lang);
    const name = pageName(state);
    if (options.ownsDocument) {
      doc.documentElement.lang = lang;
      doc.title = `${name} · ${words.brand}`;
    }
    heading.textContent = name;
    // A page without its bar names itself by the message's own heading (one h1 per page).
    heading.hidden = isPage && !bar && ["message", "sealedMessage", "password"].includes(state.kind);
    if (contactLink) contactLink.textContent = words.contact;
    renderBar();
    shell.setAttribute("aria-busy", String(state.kind === "loading" || state.kind === "opening"));
    shell.dataset.state = state.kind;
    switch (state.kind) {
      case "loading":
      case "viewer":
        // The element shows its own progress; before it exists, the poster (or nothing) does.
        layer.replaceChildren();
        if (state.kind === "loading" && !poster) {
          const status = el(doc, "p", "ve-status", words.loading);
          status.setAttribute("role", "status");
          layer.replaceChildren(status);
        }
        break;
      case "message": {
        const texts = messageTexts(state.message);
        layer.replaceChildren(
          messageBox(view(), texts.title, texts.text, state.message === "failed" ? onRetry : null),
        );
        break;
      }
      case "sealedMessage": {
        const texts = words.sealed[state.message];
        layer.replaceChildren(messageBox(view(), texts.title, texts.text, null));
        break;
      }
      case "password":
        layer.replaceChildren(passwordForm(view(), state, onUnlock));
        break;
      case "downloading":
      case "opening":
        layer.replaceChildren(progressBar(view(), state));
        break;
    }
  }

  /**
   * 'Contact this business' (issue 14): a content of an owner with a channel offers the
   * connecting form, in a new tab (the frame stays on the host's page).
   */
  function showPublisher(next: TSharePublisher | null, contentId: string | null) {
    publisher = next;
    if (contactLink) return;
    const href = contactHrefOf(next?.href, contentId, isPage);
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

  function showContent(title: string, posterUrl?: string | null) {
    contentTitle = title;
    showBar();
    if (posterUrl && !poster) {
      poster = posterImage(doc, posterUrl);
      stage.prepend(poster);
    }
    return poster;
  }

  /** Once the viewer has drawn (or failed to), the poster under it goes. */
  function mountViewer(element: HTMLElement) {
    element.className = "ve-viewer";
    stage.insertBefore(element, layer);
    const onDone = (event: Event) => {
      element.classList.add("is-drawn");
      shell.dataset.drawn = event.type === "vt-ready" ? "ready" : "failed";
      poster?.remove();
      poster = null;
    };
    element.addEventListener("vt-ready", onDone);
    element.addEventListener("vt-error", onDone);
    return () => {
      element.removeEventListener("vt-ready", onDone);
      element.removeEventListener("vt-error", onDone);
    };
  }

  return [render, showPublisher, showContent, mountViewer];
}
