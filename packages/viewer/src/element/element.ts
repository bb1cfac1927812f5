/**
 * `<vitrine-viewer>`: the visitor's viewer as one custom element (light DOM, `vt-` classes):
 * poster, progress, the engine with its markers, annotation and step cards, the bottom toolbar
 * (desktop bar, or a compact bar with a "more" sheet on narrow screens) and branding.
 */
import type { TAnimationStep, TAnnotation, TVec3 } from "@vitrine/contract";
import { hasWebGL } from "../has-webgl";
import type { TModelFacts, TRect, TViewer } from "../types";
import { createWorkerViewer } from "../worker/create-worker-viewer";
import { canDrawInWorker, WORKER_UNAVAILABLE } from "../worker/protocol";
import { BAR_ROOM, barLayout, insetsFor, relativeTo, type TBarLayout } from "./coverage";
import { formatSize } from "./format";
import { type TWord, word } from "./i18n";
import { ICONS, iconMarkup, type TIcon } from "./icons";
import {
  isMotionActive,
  MOTION_IDLE,
  motionReducer,
  stepIndex,
  type TMotionAction,
  type TMotionModel,
  tourOrder,
} from "./sequencer";
import { pickVoice, speechParts } from "./speech";
import { ensureElementStyles } from "./styles";
import type { TViewerLang, TViewerShowConfig, VitrineViewerElement } from "./types";

/**
 * Toolbar actions: name, icon, and where it stays in the bar: everywhere ("compact"), on phones
 * and desktop ("phone"), or on desktop only (elsewhere it is in the "more" sheet).
 */
const CONTROLS: [name: string, icon: TIcon, keptFrom: TBarLayout][] = [
  ["actions", "actions", "desktop"],
  ["prev", "prev", "compact"],
  ["toggle", "play", "compact"],
  ["stop", "stop", "phone"],
  ["next", "next", "compact"],
  ["rotate", "rotate", "desktop"],
  ["size", "size", "desktop"],
  ["description", "description", "desktop"],
  ["images", "images", "desktop"],
  ["speech", "speech", "desktop"],
  ["guide", "guide", "desktop"],
];

/** The layouts whose bar keeps an action marked to stay from that layout up. */
const KEPT_IN: Record<TBarLayout, TBarLayout[]> = {
  compact: ["compact", "phone", "desktop"],
  phone: ["phone", "desktop"],
  desktop: ["desktop"],
};

type TPanel = "card" | "actions" | "size" | "description" | "images" | "guide" | "noMotion";

/** What a card shows: an annotation or a motion step. */
interface TItem {
  title: string;
  content: string;
  images: string[];
  videos: string[];
  number: number | null;
}

/** Waits for two animation frames: the model has been drawn once the second one starts. */
function nextFrames(win: Window): Promise<void> {
  return new Promise((resolve) =>
    win.requestAnimationFrame(() => win.requestAnimationFrame(() => resolve())),
  );
}

/** Makes an element with a class and children (text or nodes). */
function h<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const element = doc.createElement(tag);
  if (className) element.className = className;
  element.append(...children);
  return element;
}

function makeElementClass(): CustomElementConstructor {
  return class VitrineViewer extends HTMLElement implements VitrineViewerElement {
    #config: TViewerShowConfig | null = null;
    #lang: TViewerLang = "en";
    #viewer: TViewer | null = null;
    #facts: TModelFacts | null = null;
    #token = 0;
    #isReady = false;
    #error: TWord | null = null;
    #annotations: TAnnotation[] = [];
    #steps: TAnimationStep[] = [];
    #openId: string | null = null;
    #motion: TMotionModel = MOTION_IDLE;
    #panel: TPanel | null = null;
    #isRotating = false;
    #isSpeaking = false;
    #reading = 0;
    #isMobile = false;
    #barLayout: TBarLayout | null = null;
    #isSheetOpen = false;
    #cleanups: (() => void)[] = [];
    /** Unsubscribes from the engine's events (with the engine, on teardown or a fallback). */
    #viewerOffs: (() => void)[] = [];
    #buttons = new Map<string, HTMLButtonElement>();
    #stage: HTMLDivElement | null = null;
    #progress: HTMLDivElement | null = null;
    #bar: HTMLDivElement | null = null;
    #sheet: HTMLDivElement | null = null;
    #more: HTMLButtonElement | null = null;
    #panelBox: HTMLElement | null = null;
    #resizeObserver: ResizeObserver | null = null;

    get viewer(): TViewer | null {
      return this.#viewer;
    }

    get #win(): Window {
      return this.ownerDocument.defaultView ?? window;
    }

    #emit(type: string, detail: unknown) {
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    }

    #t(key: TWord, values?: Record<string, string | number>): string {
      return word(this.#lang, key, values);
    }

    #media(url: string): string {
      return this.#config?.resolveMedia ? this.#config.resolveMedia(url) : url;
    }

    connectedCallback() {
      // Moved in the document (or re-attached): start again where a disconnect disposed the engine.
      if (this.#config && !this.#viewer && !this.#error) void this.show(this.#config).catch(() => undefined);
    }

    disconnectedCallback() {
      queueMicrotask(() => {
        if (!this.isConnected) this.#teardown();
      });
    }

    async show(config: TViewerShowConfig): Promise<void> {
      // Teardown bumps the token itself (it cancels the show in flight): take ours after it.
      this.#teardown();
      const token = ++this.#token;
      this.#config = config;
      this.#lang = config.lang;
      this.#annotations = tourOrder(config.build.annotationinfo);
      this.#steps = config.build.animationinfo;
      this.#isRotating = config.build.sceneinfo.auto_rotate;
      this.#openId = null;
      this.#motion = MOTION_IDLE;
      this.#panel = null;
      this.#error = null;
      this.#isReady = false;
      this.#build(config);
      try {
        const stage = this.#stage;
        if (!stage) throw new Error("errorWebgl");
        const engineOptions = { dracoDecoderPath: config.dracoDecoderPath ?? "/decoders/draco/" };
        let facts: TModelFacts;
        try {
          // Off the page's thread where the browser can draw in a worker (visitor pages stay
          // responsive while three.js starts and draws); else, or if the worker fails, in the page.
          if (!canDrawInWorker(this.#win)) throw new Error(WORKER_UNAVAILABLE);
          facts = await this.#start(token, config, () => createWorkerViewer(stage, engineOptions));
        } catch (error) {
          const isUnavailable =
            error instanceof Error &&
            (error.name === WORKER_UNAVAILABLE || error.message === WORKER_UNAVAILABLE);
          if (token !== this.#token || !isUnavailable) throw error;
          this.#dropViewer();
          if (!hasWebGL(this.ownerDocument)) throw new Error("errorWebgl");
          const { createViewer } = await import("../create-viewer");
          if (token !== this.#token) return;
          facts = await this.#start(token, config, () => createViewer(stage, engineOptions));
        }
        if (token !== this.#token) return;
        this.#facts = facts;
        await nextFrames(this.#win);
        if (token !== this.#token) return;
        this.#ready();
        this.#emit("vt-ready", { facts });
      } catch (error) {
        // A newer show() or a disconnect replaced this one: that is not a failure of the content.
        if (token !== this.#token) return;
        const isWebgl = error instanceof Error && error.message === "errorWebgl";
        this.#fail(isWebgl ? "errorWebgl" : "errorLoad");
        const message = isWebgl
          ? "WebGL is not available."
          : error instanceof Error
            ? error.message
            : String(error);
        this.#emit("vt-error", { message });
        throw new Error(message);
      }
    }

    /** Makes the engine with `make`, gives it the build and loads the model; resolves with its facts. */
    async #start(token: number, config: TViewerShowConfig, make: () => TViewer): Promise<TModelFacts> {
      const viewer = make();
      this.#viewer = viewer;
      this.#viewerOffs.push(
        viewer.onAnnotationClick((id) => this.#openAnnotation(id)),
        viewer.onClipEnd((name) => {
          const step = this.#steps[this.#motion.step];
          if (this.#motion.state === "playing" && step?.match_aniname === name)
            this.#motionDo({ type: "clipEnd" });
        }),
      );
      viewer.applyBuild(config.build);
      // The bar comes with the first frame: leave its room now so the first view is the final one.
      viewer.setViewInsets({
        ...insetsFor(this.#framingRects(), this.clientWidth, this.clientHeight),
        bottom: BAR_ROOM[barLayout(this.#win.innerWidth, this.clientWidth, this.clientHeight)],
      });
      return viewer.load(config.modelUrl, {
        onProgress: (loaded, total) => {
          if (token !== this.#token) return;
          this.#setProgress(loaded, total);
          this.#emit("vt-progress", { loaded, total });
        },
      });
    }

    /** Disposes the engine and its listeners. */
    #dropViewer() {
      for (const off of this.#viewerOffs.splice(0)) off();
      this.#viewer?.dispose();
      this.#viewer = null;
    }

    setLang(lang: TViewerLang): void {
      this.#lang = lang;
      if (this.#config) this.#config = { ...this.#config, lang };
      this.#applyWords();
    }

    /** Frees the engine, speech and listeners; the DOM is rebuilt by the next show(). */
    #teardown() {
      this.#token++;
      this.#stopSpeech();
      for (const cleanup of this.#cleanups.splice(0)) cleanup();
      this.#resizeObserver?.disconnect();
      this.#resizeObserver = null;
      this.#dropViewer();
      this.#facts = null;
    }

    // ---- DOM ---------------------------------------------------------------------------

    #build(config: TViewerShowConfig) {
      const doc = this.ownerDocument;
      ensureElementStyles(doc);
      this.#buttons.clear();
      this.#bar = this.#sheet = this.#more = this.#panelBox = null;
      const stage = h(doc, "div", "vt-stage");
      stage.tabIndex = 0;
      stage.setAttribute("role", "group");
      this.#stage = stage;
      const progress = h(
        doc,
        "div",
        "vt-progress",
        h(doc, "div", "vt-track", h(doc, "div", "vt-fill")),
        h(doc, "div", ""),
      );
      progress.setAttribute("role", "progressbar");
      progress.setAttribute("aria-valuemin", "0");
      progress.setAttribute("aria-valuemax", "100");
      this.#progress = progress;
      const parts: Node[] = [stage];
      if (config.posterUrl) {
        const poster = h(doc, "img", "vt-poster");
        poster.alt = "";
        poster.src = config.posterUrl;
        poster.setAttribute("fetchpriority", "high");
        parts.push(poster);
      }
      parts.push(progress);
      this.classList.toggle("vt-ads", config.branding.showAds);
      if (config.branding.showAds) parts.push(this.#link("vt-ad", "ad", ""));
      if (config.branding.showLogo) parts.push(this.#link("vt-logo", "logo", "Vitrine"));
      this.replaceChildren(...parts);
      this.addEventListener("keydown", this.#onKey);
      this.addEventListener("click", this.#onClick);
      this.#cleanups.push(() => {
        this.removeEventListener("keydown", this.#onKey);
        this.removeEventListener("click", this.#onClick);
      });
      this.#applyWords();
    }

    #link(className: string, label: TWord, text: string): HTMLAnchorElement {
      const link = h(this.ownerDocument, "a", className, text);
      link.href = this.#config?.homeUrl ?? "/";
      link.target = "_blank";
      link.rel = "noopener";
      link.dataset.word = label;
      return link;
    }

    #setProgress(loaded: number, total: number) {
      const bar = this.#progress;
      if (!bar || total <= 0) return;
      const percent = Math.min(100, Math.round((loaded / total) * 100));
      bar.setAttribute("aria-valuenow", String(percent));
      const fill = bar.querySelector<HTMLElement>(".vt-fill");
      if (fill) fill.style.width = `${percent}%`;
    }

    #fail(key: TWord) {
      this.#error = key;
      this.#progress?.remove();
      this.#progress = null;
      const doc = this.ownerDocument;
      const retry = h(doc, "button", "vt-action");
      retry.type = "button";
      retry.dataset.act = "retry";
      const box = h(doc, "div", "vt-error", h(doc, "p", ""), retry);
      box.setAttribute("role", "alert");
      this.append(box);
      this.#applyWords();
    }

    #ready() {
      const doc = this.ownerDocument;
      this.#isReady = true;
      this.#progress?.remove();
      this.#progress = null;
      this.querySelector(".vt-poster")?.classList.add("is-gone");
      const bar = h(doc, "div", "vt-bar");
      bar.setAttribute("role", "toolbar");
      const sheet = h(doc, "div", "vt-sheet");
      sheet.hidden = true;
      for (const [name, icon] of CONTROLS) {
        const button = this.#button(name, icon);
        if (name === "rotate") button.setAttribute("aria-pressed", String(this.#isRotating));
        if (name === "speech") {
          button.hidden = !("speechSynthesis" in this.#win);
          button.setAttribute("aria-pressed", "false");
        }
        this.#buttons.set(name, button);
      }
      const more = this.#button("more", "more");
      more.classList.add("vt-more");
      more.setAttribute("aria-expanded", "false");
      this.#bar = bar;
      this.#sheet = sheet;
      this.#more = more;
      const panel = h(doc, "section", "vt-panel");
      panel.hidden = true;
      panel.setAttribute("role", "dialog");
      this.#panelBox = panel;
      this.append(panel, sheet, bar);
      this.#layout(true);
      const onResize = () => this.#layout(false);
      this.#resizeObserver = new ResizeObserver(onResize);
      this.#resizeObserver.observe(this);
      // A card grows when its pictures arrive: what it covers changes with it.
      this.#resizeObserver.observe(panel);
      this.#win.addEventListener("resize", onResize);
      this.#cleanups.push(() => this.#win.removeEventListener("resize", onResize));
      this.#applyWords();
    }

    #button(name: string, icon: TIcon): HTMLButtonElement {
      const button = h(this.ownerDocument, "button", "vt-btn");
      button.type = "button";
      button.dataset.act = name;
      button.innerHTML = `${iconMarkup(icon)}<span class="vt-label" aria-hidden="true"></span>`;
      return button;
    }

    /**
     * Desktop bar with every action; on phones a shorter bar plus the "more" sheet; in a small
     * element (a short embed, a phone held sideways) a compact bar with the fewest buttons.
     */
    #layout(isForced: boolean) {
      const layout = barLayout(this.#win.innerWidth, this.clientWidth, this.clientHeight);
      if (!isForced && layout === this.#barLayout) {
        this.#syncCoverage();
        return;
      }
      this.#barLayout = layout;
      const isMobile = layout !== "desktop";
      this.#isMobile = isMobile;
      this.classList.toggle("vt-mobile", isMobile);
      this.classList.toggle("vt-compact", layout === "compact");
      const { bar, sheet, more } = { bar: this.#bar, sheet: this.#sheet, more: this.#more };
      if (!bar || !sheet || !more) return;
      const doc = this.ownerDocument;
      bar.replaceChildren();
      sheet.replaceChildren();
      for (const [name, , keptFrom] of CONTROLS) {
        const button = this.#buttons.get(name);
        if (!button) continue;
        if (KEPT_IN[keptFrom].includes(layout)) bar.append(button);
        else sheet.append(button);
        if (!isMobile && (name === "actions" || name === "next")) bar.append(h(doc, "span", "vt-sep"));
      }
      more.hidden = !isMobile;
      bar.append(more);
      this.#setSheet(false);
    }

    /** The element's own layers over the view, in the stage's coordinates. */
    #layerRects(): TRect[] {
      const layers = [this.#bar, this.#panelBox, this.#sheet, this.querySelector(".vt-ad")];
      return this.#rectsOf([...layers, this.querySelector(".vt-logo")]);
    }

    /** The layers the framing keeps clear of (the logo is small and the sheet brief). */
    #framingRects(): TRect[] {
      return this.#rectsOf([this.#bar, this.#panelBox, this.querySelector(".vt-ad")]);
    }

    #rectsOf(layers: (Element | null)[]): TRect[] {
      const stage = this.#stage;
      if (!stage) return [];
      const frame = stage.getBoundingClientRect();
      return layers
        .filter((layer): layer is HTMLElement => layer instanceof HTMLElement && !layer.hidden)
        .map((layer) => relativeTo(layer.getBoundingClientRect(), frame))
        .filter((r) => r.right > r.left && r.bottom > r.top);
    }

    /**
     * Tells the engine what the layers cover: markers under them hide, and the next framing (a
     * note's view) keeps the model in the rest.
     */
    #syncCoverage() {
      const viewer = this.#viewer;
      const stage = this.#stage;
      if (!viewer || !stage || !this.#isReady) return;
      viewer.setCoveredAreas(this.#layerRects());
      viewer.setViewInsets(insetsFor(this.#framingRects(), stage.clientWidth, stage.clientHeight));
    }

    #setSheet(isOpen: boolean) {
      this.#isSheetOpen = isOpen && this.#isMobile;
      if (this.#sheet) this.#sheet.hidden = !this.#isSheetOpen;
      this.#more?.setAttribute("aria-expanded", String(this.#isSheetOpen));
      this.#syncCoverage();
    }

    /** Puts every label in the current language (also re-renders the open panel). */
    #applyWords() {
      const title = this.#config?.title ?? "";
      this.#stage?.setAttribute("aria-label", this.#t("view", { title }));
      if (this.#progress) {
        this.#progress.setAttribute("aria-label", this.#t("loading"));
        const label = this.#progress.lastElementChild;
        if (label) label.textContent = `${this.#t("loading")}…`;
      }
      for (const link of this.querySelectorAll<HTMLAnchorElement>("a[data-word]")) {
        const text = this.#t(link.dataset.word as TWord);
        if (link.classList.contains("vt-ad")) link.textContent = text;
        else link.setAttribute("aria-label", text);
      }
      const error = this.querySelector(".vt-error");
      if (error && this.#error) {
        const [message, retry] = [error.querySelector("p"), error.querySelector("button")];
        if (message) message.textContent = this.#t(this.#error);
        if (retry) retry.textContent = this.#t("retry");
      }
      this.#bar?.setAttribute("aria-label", this.#t("toolbar"));
      const { state } = this.#motion;
      const labels: Record<string, TWord> = {
        toggle: state === "playing" ? "pause" : state === "paused" ? "resume" : "start",
        speech: this.#isSpeaking ? "speechStop" : "speech",
      };
      const all: [string, HTMLButtonElement | null][] = [...this.#buttons, ["more", this.#more]];
      for (const [name, button] of all) {
        if (!button) continue;
        const text = this.#t(labels[name] ?? (name as TWord));
        button.setAttribute("aria-label", text);
        const label = button.querySelector(".vt-label");
        if (label) label.textContent = text;
      }
      this.#buttons
        .get("toggle")
        ?.querySelector("path")
        ?.setAttribute("d", ICONS[state === "playing" ? "pause" : "play"]);
      this.#renderPanel();
    }

    // ---- state -------------------------------------------------------------------------

    /** The open annotation, else the motion step last shown. */
    #item(): TItem | null {
      const annotation = this.#annotations.find((a) => a.annotation_id === this.#openId);
      if (annotation) {
        const { title, content, images, videos, marker } = annotation;
        return { title, content, images, videos, number: marker.number };
      }
      const step = this.#steps[this.#motion.step];
      if (step)
        return { title: step.title, content: step.content, images: step.images, videos: [], number: null };
      return null;
    }

    #setPanel(panel: TPanel | null) {
      this.#panel = panel;
      this.#renderPanel();
    }

    #openAnnotation(id: string | null) {
      const viewer = this.#viewer;
      if (!viewer || id === this.#openId) {
        if (id) this.#setPanel("card");
        return;
      }
      this.#stopSpeech();
      this.#openId = id;
      this.#emit("vt-annotation", { id });
      // The card first: the note's view is framed in what the card leaves free.
      this.#setPanel(id ? "card" : null);
      // Turning would carry the point away while the visitor reads: paused while a note is open.
      viewer.setAutoRotate(this.#isRotating && !id);
      if (id) {
        const isReduced = this.#win.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
        viewer.focusAnnotation(id, { animate: !isReduced });
      } else {
        viewer.setActiveAnnotation(null);
      }
    }

    #motionDo(action: TMotionAction) {
      const viewer = this.#viewer;
      if (!viewer) return;
      if (this.#steps.length === 0) {
        this.#setPanel("noMotion");
        return;
      }
      const before = this.#motion;
      const after = motionReducer(before, action, this.#steps.length);
      this.#motion = after;
      if (after.state === "playing" && (before.state === "stopped" || before.step !== after.step)) {
        this.#stopSpeech();
        if (this.#openId) this.#openAnnotation(null);
        const step = this.#steps[after.step];
        if (step) viewer.playClip(step.match_aniname);
      } else if (after.state === "playing") {
        viewer.resume();
      } else if (after.state === "paused") {
        viewer.pause();
      } else if (before.state !== "stopped") {
        viewer.stop();
      }
      this.#emit("vt-motion", { state: after.state, step: after.step });
      this.#panel = "card";
      this.#applyWords();
    }

    #move(direction: 1 | -1) {
      if (isMotionActive(this.#motion)) {
        this.#motionDo({ type: "move", direction });
        return;
      }
      const current = this.#annotations.findIndex((a) => a.annotation_id === this.#openId);
      const next = this.#annotations[stepIndex(current, direction, this.#annotations.length)];
      if (next) this.#openAnnotation(next.annotation_id);
    }

    #close() {
      if (this.#isSheetOpen) {
        this.#setSheet(false);
        return;
      }
      this.#stopSpeech();
      if (!isMotionActive(this.#motion)) this.#motion = MOTION_IDLE;
      if (this.#openId) this.#openAnnotation(null);
      else this.#setPanel(null);
    }

    #toggleSpeech() {
      if (this.#isSpeaking) {
        this.#stopSpeech();
        return;
      }
      const item = this.#item();
      const synth = this.#win.speechSynthesis;
      if (!item || !synth) {
        this.#setPanel("description");
        return;
      }
      const parts = speechParts(item.title, item.content, this.#lang);
      if (parts.length === 0) {
        this.#setPanel("description");
        return;
      }
      const voices = synth.getVoices();
      synth.cancel();
      // Cancelling an earlier reading ends its utterances later: they must not end this one.
      const reading = ++this.#reading;
      let left = parts.length;
      const done = () => {
        left--;
        if (left <= 0 && reading === this.#reading && this.#isSpeaking) this.#setSpeaking(false);
      };
      for (const part of parts) {
        // Each part in its own language's voice: a Korean note is read in Korean to an English visitor.
        const utterance = new SpeechSynthesisUtterance(part.text);
        utterance.lang = part.lang;
        const voice = pickVoice(voices, part.lang);
        if (voice) utterance.voice = voice;
        utterance.addEventListener("end", done);
        utterance.addEventListener("error", () => {
          left = 0;
          done();
        });
        synth.speak(utterance);
      }
      this.#setSpeaking(true);
    }

    #stopSpeech() {
      if (!this.#isSpeaking) return;
      this.#win.speechSynthesis?.cancel();
      this.#setSpeaking(false);
    }

    #setSpeaking(isOn: boolean) {
      this.#isSpeaking = isOn;
      this.#buttons.get("speech")?.setAttribute("aria-pressed", String(isOn));
      this.#applyWords();
    }

    #onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-act]") : null;
      const act = target?.dataset.act;
      if (!act) return;
      // Any other action closes the sheet (it would cover the card or the model it changes).
      if (act !== "more" && this.#isSheetOpen) this.#setSheet(false);
      const panelFor = (panel: TPanel) => this.#setPanel(this.#panel === panel ? null : panel);
      switch (act) {
        case "retry":
          if (this.#config) void this.show(this.#config).catch(() => undefined);
          return;
        case "more":
          this.#setSheet(!this.#isSheetOpen);
          return;
        case "close":
          this.#close();
          return;
        case "toggle":
          this.#motionDo({ type: "toggle" });
          return;
        case "stop":
          if (this.#steps.length === 0 || this.#motion.state !== "stopped") this.#motionDo({ type: "stop" });
          return;
        case "step":
          this.#motionDo({ type: "start", step: Number(target?.dataset.step ?? 0) });
          return;
        case "prev":
        case "next":
          this.#move(act === "next" ? 1 : -1);
          return;
        case "rotate":
          this.#isRotating = !this.#isRotating;
          this.#viewer?.setAutoRotate(this.#isRotating);
          this.#buttons.get("rotate")?.setAttribute("aria-pressed", String(this.#isRotating));
          return;
        case "speech":
          this.#toggleSpeech();
          return;
        case "actions":
          panelFor(this.#steps.length ? "actions" : "noMotion");
          return;
        case "size":
        case "description":
        case "images":
        case "guide":
          panelFor(act);
      }
    };

    #onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || !this.#isReady) return;
      const tag = event.target instanceof HTMLElement ? event.target.tagName : "";
      if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || tag === "VIDEO") return;
      if (event.key === "Escape") {
        if (!this.#panel && !this.#isSheetOpen) return;
        this.#close();
      } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        this.#move(event.key === "ArrowRight" ? 1 : -1);
      } else if (event.key === " " && tag !== "BUTTON" && tag !== "A") {
        this.#motionDo({ type: "toggle" });
      } else {
        return;
      }
      event.preventDefault();
    };

    // ---- panel -------------------------------------------------------------------------

    #renderPanel() {
      const box = this.#panelBox;
      if (!box) return;
      const panel = this.#panel;
      box.hidden = panel === null;
      if (panel === null) {
        box.replaceChildren();
        this.#syncCoverage();
        return;
      }
      const doc = this.ownerDocument;
      const item = this.#item();
      const noInfo = () => h(doc, "p", "", this.#t("noInfo"));
      let heading = this.#t(panel === "card" ? "description" : panel === "noMotion" ? "actions" : panel);
      let badge: string | null = null;
      const body: Node[] = [];
      if ((panel === "card" || panel === "description") && item) {
        heading = item.title;
        badge = item.number === null ? null : String(item.number);
        if (!this.#openId && this.#motion.step >= 0) {
          const meta = h(
            doc,
            "p",
            "vt-meta",
            `${this.#t("step", { n: this.#motion.step + 1, total: this.#steps.length })} · ${this.#t(this.#motion.state)}`,
          );
          meta.setAttribute("aria-live", "polite");
          body.push(meta);
        }
        body.push(item.content ? h(doc, "p", "", item.content) : noInfo());
        if (panel === "card" && this.#openId)
          body.push(this.#mediaBlock(item.title, item.images, item.videos));
      } else if (panel === "images") {
        const images = item?.images.length ? item.images : (this.#config?.specificationImages ?? []);
        body.push(
          images.length ? this.#mediaBlock(item?.title ?? this.#config?.title ?? "", images, []) : noInfo(),
        );
      } else if (panel === "size") {
        // The engine measures the model as drawn (posed, upright); the host's figure is a fallback.
        const dimensions: TVec3 | null = this.#facts?.dimensions ?? this.#config?.dimensions ?? null;
        body.push(dimensions ? h(doc, "p", "vt-size", formatSize(dimensions, this.#lang)) : noInfo());
      } else if (panel === "actions") {
        const list = h(doc, "ul", "vt-list");
        this.#steps.forEach((step, index) => {
          const button = h(doc, "button", "", `${index + 1}. ${step.title}`);
          button.type = "button";
          button.dataset.act = "step";
          button.dataset.step = String(index);
          if (index === this.#motion.step && isMotionActive(this.#motion))
            button.setAttribute("aria-current", "step");
          list.append(h(doc, "li", "", button));
        });
        body.push(list);
      } else if (panel === "guide") {
        const words: TWord[] = ["gDrag", "gZoom", "gPan", "gMarker", "gKeys"];
        body.push(h(doc, "ul", "vt-guide", ...words.map((key) => h(doc, "li", "", this.#t(key)))));
      } else if (panel === "noMotion") {
        body.push(h(doc, "p", "", this.#t("noMotion")));
      } else {
        body.push(noInfo());
      }
      const title = h(doc, "h2", "", heading);
      const close = this.#button("close", "close");
      close.setAttribute("aria-label", this.#t("close"));
      close.querySelector(".vt-label")?.remove();
      const head = h(
        doc,
        "div",
        "vt-head",
        ...(badge ? [h(doc, "span", "vt-num", badge)] : []),
        title,
        close,
      );
      box.setAttribute("aria-label", heading);
      box.replaceChildren(head, ...body);
      this.#syncCoverage();
    }

    #mediaBlock(title: string, images: string[], videos: string[]): HTMLElement {
      const doc = this.ownerDocument;
      const block = h(doc, "div", "vt-media");
      images.forEach((url, index) => {
        const image = h(doc, "img", "");
        image.src = this.#media(url);
        image.alt = `${title} — ${this.#t("image", { n: index + 1 })}`;
        image.loading = "lazy";
        block.append(image);
      });
      for (const url of videos) {
        const video = h(doc, "video", "");
        video.src = this.#media(url);
        video.controls = true;
        video.preload = "metadata";
        video.setAttribute("aria-label", title);
        block.append(video);
      }
      return block;
    }
  };
}

/** Defines `<vitrine-viewer>` once (safe to call many times; does nothing without custom elements). */
export function defineVitrineViewer(): void {
  if (typeof customElements === "undefined" || customElements.get("vitrine-viewer")) return;
  customElements.define("vitrine-viewer", makeElementClass());
}
