/**
 * The embed's pieces of plain DOM (`embed.ts` decides which shows when): a message, the password
 * form, the sealed download's progress, the page bar's byline, and the wait for the poster.
 */
import type { TSharePublisher } from "@vitrine/contract";
import { POSTER_WAIT_MS, type TEmbedState } from "./embed-types";
import { fill, type TEmbedWords } from "./words";

/** An element with a class and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
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

/** What a piece is drawn for: the document, the words, and whether the embed is a page of its own. */
export interface TEmbedView {
  doc: Document;
  words: TEmbedWords;
  isPage: boolean;
}

/** A message instead of the content, with a retry (when `onRetry` is given) and, on a page, the way home. */
export function messageBox(
  { doc, words, isPage }: TEmbedView,
  title: string,
  text: string,
  onRetry: (() => void) | null,
): HTMLElement {
  const box = el(doc, "section", "ve-msg", el(doc, isPage ? "h1" : "h2", "", title), el(doc, "p", "", text));
  box.setAttribute("role", "alert");
  const actions = el(doc, "div", "ve-actions");
  if (onRetry) {
    const retry = el(doc, "button", "ve-btn", words.retry);
    retry.type = "button";
    retry.addEventListener("click", onRetry);
    actions.append(retry);
  }
  if (isPage) {
    // A page of its own: a visitor who cannot see the content can still go somewhere.
    const home = el(doc, "a", onRetry ? "ve-link" : "ve-btn", words.page.home);
    home.href = "/";
    actions.append(home);
  }
  if (actions.childElementCount > 0) box.append(actions);
  return box;
}

/** The password form of a password link; `onSubmit` gets what was typed. */
export function passwordForm(
  { doc, words, isPage }: TEmbedView,
  s: Extract<TEmbedState, { kind: "password" }>,
  onSubmit: (password: string) => void,
): HTMLElement {
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
    onSubmit(input.value);
  });
  if (!s.isBusy) queueMicrotask(() => input.focus({ preventScroll: true }));
  return form;
}

/** A sealed link's download (its percent) or opening, as a progress bar. */
export function progressBar(
  { doc, words }: TEmbedView,
  s: Extract<TEmbedState, { kind: "downloading" | "opening" }>,
): HTMLElement {
  const fillBar = el(doc, "div", "ve-fill");
  const percent = s.kind === "downloading" ? s.percent : 100;
  fillBar.style.width = `${percent}%`;
  const text = s.kind === "downloading" ? fill(words.sealed.downloading, { percent }) : words.sealed.opening;
  const bar = el(doc, "div", "ve-progress", el(doc, "div", "ve-track", fillBar), el(doc, "div", "", text));
  bar.setAttribute("role", "progressbar");
  bar.setAttribute("aria-valuemin", "0");
  bar.setAttribute("aria-valuemax", "100");
  bar.setAttribute("aria-valuenow", String(percent));
  bar.setAttribute("aria-label", text);
  return bar;
}

/** The page's bar: the content's title (`heading`) and the byline ({@link renderByline}). */
export function pageBar(doc: Document, heading: HTMLElement): HTMLElement {
  const byline = el(doc, "p", "ve-byline");
  byline.dataset.testid = "share-publisher";
  const bar = el(doc, "header", "ve-bar", heading, byline);
  bar.dataset.testid = "share-header";
  return bar;
}

/** The page bar's "Shared by <publisher>" (linked to their channel), hidden without a publisher. */
export function renderByline(
  { doc, words }: TEmbedView,
  byline: HTMLElement,
  publisher: TSharePublisher | null,
): void {
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

/**
 * 'Contact this business' (issue 14): the connecting form's address for a content of an owner
 * with a channel (`/Channel/<id>`), or null when the publisher has none.
 */
export function contactHrefOf(
  publisherHref: unknown,
  contentId: string | null,
  isPage: boolean,
): string | null {
  const match = typeof publisherHref === "string" ? /^\/Channel\/([^/?#]+)$/.exec(publisherHref) : null;
  if (!match?.[1]) return null;
  const params = new URLSearchParams({
    channel: decodeURIComponent(match[1]),
    source: isPage ? "share" : "embed",
  });
  if (contentId) params.set("content", contentId);
  return `/business-connect?${params.toString()}`;
}

/** The content's thumbnail as the poster: the largest paint, fetched first. */
export function posterImage(doc: Document, url: string): HTMLImageElement {
  const poster = el(doc, "img", "ve-poster");
  poster.alt = "";
  poster.decoding = "async";
  poster.setAttribute("fetchpriority", "high");
  poster.src = url;
  return poster;
}

/**
 * Resolves once the poster is on screen (decoded, then a frame), or at once without one: the
 * engine's first run blocks the page for a while (seconds on a slow phone), and the visitor
 * should see the product meanwhile. Waits at most `POSTER_WAIT_MS` for a slow image.
 */
export async function posterShown(image: HTMLImageElement | null): Promise<void> {
  if (!image) return;
  const decoded = typeof image.decode === "function" ? image.decode().catch(() => undefined) : undefined;
  await Promise.race([decoded, new Promise((done) => setTimeout(done, POSTER_WAIT_MS))]);
  await new Promise((done) => {
    if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(done, 0));
    else setTimeout(done, 0);
  });
}
