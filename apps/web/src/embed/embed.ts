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
 * What the frame shows is `embed-frame.ts` (its pieces of DOM `embed-view.ts`); the options,
 * states and call paths `embed-types.ts`; what the viewer is shown `viewer-config.ts`.
 */
import type { TSharedDoc } from "@vitrine/contract";
import type { VitrineViewerElement } from "@vitrine/viewer/element";
import { createEmbedCall } from "./api";
import { createFrame } from "./embed-frame";
import {
  canUseWebGL,
  EMBED_PATHS,
  EMBED_RESCODES,
  messageForRescode,
  publisherOf,
  SHARE_ID,
  type TElementModule,
  type TEmbedHandle,
  type TEmbedOptions,
  type TEmbedState,
} from "./embed-types";
import { posterShown } from "./embed-view";
import { openSealedLink } from "./sealed-link";
import { sharedDocOf } from "./shared-doc";
import type { TEmbedTracking } from "./track";
import { contentConfig, sealedConfig, type TEmbedShowConfig } from "./viewer-config";

export { EMBED_RESCODES, type TEmbedHandle, type TEmbedState } from "./embed-types";

/** Starts the embed inside `root` (emptied first). */
export function startEmbed(root: HTMLElement, options: TEmbedOptions): TEmbedHandle {
  const doc = root.ownerDocument;
  const call = options.call ?? createEmbedCall();
  const loadElement = options.loadElement ?? (() => import("@vitrine/viewer/element"));
  const params = new URLSearchParams(options.search);
  const id = params.get("id")?.trim() ?? "";
  let lang = options.lang;
  let state: TEmbedState = { kind: "loading" };
  let isDisposed = false;
  /**
   * The unlock call's token, kept in this page's memory only: a frame on another site may not
   * keep the unlock cookie (http, third-party cookies blocked), so resolve sends it as well.
   */
  let unlockToken: string | null = null;
  let viewer: VitrineViewerElement | null = null;
  let tracking: Promise<TEmbedTracking | null> | null = null;
  const cleanups: (() => void)[] = [];
  const [render, showPublisher, showContent, mountViewer] = createFrame(
    root,
    options,
    () => void resolve(),
    (password) => void unlock(password),
  );

  function setState(next: TEmbedState) {
    if (isDisposed) return;
    state = next;
    render(state, lang);
    options.onState?.(state);
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

  /** Shows the viewer, then counts the view of `contentId` (a sealed link's content has none here). */
  async function showViewer(config: TEmbedShowConfig, contentId?: string | null) {
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
    viewer = element;
    void tracking?.then((started) => started?.watch(element));
    setState({ kind: "viewer" });
    cleanups.push(mountViewer(element));
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

  async function showSealed(sealed: Extract<TSharedDoc, { kind: "sealed" }>) {
    const opened = await openSealedLink(sealed, options.hash, setState, () => state);
    if (!opened) return;
    cleanups.push(opened.revoke);
    showContent(opened.manifest.title);
    await showViewer(sealedConfig(opened, sealed.branding));
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
    const publisher = publisherOf(shared);
    const contentId = shared.kind === "content" ? shared.content.content_id : null;
    startTracking(contentId ?? "", publisher?.owner_id);
    showPublisher(publisher, contentId);
    if (shared.kind === "sealed") {
      await showSealed(shared);
      return;
    }
    const poster = showContent(shared.content.title, shared.content.thumbnail_url);
    render(state, lang);
    await posterShown(poster);
    if (isDisposed) return;
    await showViewer(contentConfig(shared), contentId);
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
    setState({ kind: "message", message: options.layout === "page" ? "notFound" : "noId" });
  } else if (!SHARE_ID.test(id)) {
    setState({ kind: "message", message: "notFound" });
  } else if (!(options.hasWebGL ?? canUseWebGL)(doc)) {
    setState({ kind: "message", message: "webgl" });
  } else {
    // The engine downloads while the calls are under way (modulepreload), and runs once the
    // poster shows.
    render(state, lang);
    void resolve().catch(() => setState({ kind: "message", message: "failed" }));
  }

  return {
    get state() {
      return state;
    },
    setLang(next) {
      lang = next;
      viewer?.setLang(next);
      render(state, lang);
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
