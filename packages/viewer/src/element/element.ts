/**
 * `<vitrine-viewer>`: the visitor's viewer as one custom element (light DOM, `vt-` classes):
 * poster, progress, the engine, markers, annotation cards and the bottom toolbar.
 */

import { createViewer } from "../create-viewer";
import { hasWebGL } from "../has-webgl";
import type { TModelFacts, TViewer } from "../types";
import type { TViewerLang, TViewerShowConfig, VitrineViewerElement } from "./types";

/** Waits for two animation frames: the model has been drawn once the second one starts. */
function nextFrames(win: Window): Promise<void> {
  return new Promise((resolve) =>
    win.requestAnimationFrame(() => win.requestAnimationFrame(() => resolve())),
  );
}

function makeElementClass(): CustomElementConstructor {
  return class VitrineViewer extends HTMLElement implements VitrineViewerElement {
    #viewer: TViewer | null = null;
    #stage: HTMLDivElement | null = null;
    #lang: TViewerLang = "en";
    #facts: TModelFacts | null = null;

    get viewer(): TViewer | null {
      return this.#viewer;
    }

    #emit(type: string, detail: unknown) {
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    }

    async show(config: TViewerShowConfig): Promise<void> {
      this.#lang = config.lang;
      this.#disposeEngine();
      this.replaceChildren();
      const stage = this.ownerDocument.createElement("div");
      stage.className = "vt-stage";
      stage.style.cssText = "position:absolute;inset:0";
      this.style.position ||= "relative";
      this.style.display ||= "block";
      this.append(stage);
      this.#stage = stage;
      try {
        if (!hasWebGL(this.ownerDocument)) throw new Error("WebGL is not available.");
        const viewer = createViewer(stage, {
          dracoDecoderPath: config.dracoDecoderPath ?? "/decoders/draco/",
        });
        this.#viewer = viewer;
        const facts = await viewer.load(config.modelUrl, {
          onProgress: (loaded, total) => this.#emit("vt-progress", { loaded, total }),
        });
        viewer.applyBuild(config.build);
        this.#facts = facts;
        await nextFrames(this.ownerDocument.defaultView ?? window);
        this.#emit("vt-ready", { facts });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        this.#emit("vt-error", { message });
        throw error instanceof Error ? error : new Error(message);
      }
    }

    setLang(lang: TViewerLang): void {
      this.#lang = lang;
    }

    disconnectedCallback() {
      this.#disposeEngine();
    }

    #disposeEngine() {
      this.#viewer?.dispose();
      this.#viewer = null;
      this.#facts = null;
    }
  };
}

/** Defines `<vitrine-viewer>` once (safe to call many times). */
export function defineVitrineViewer(): void {
  if (typeof customElements === "undefined" || customElements.get("vitrine-viewer")) return;
  customElements.define("vitrine-viewer", makeElementClass());
}
