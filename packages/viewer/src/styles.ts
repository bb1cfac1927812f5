/** Default look of the engine's DOM (overridable through the `--vt-*` custom properties). */

const STYLE_ID = "vitrine-viewer-style";

const CSS = `
.vt-root{position:relative;overflow:hidden}
.vt-canvas{display:block;width:100%;height:100%;touch-action:none;outline:none}
.vt-overlay{position:absolute;inset:0;pointer-events:none;overflow:hidden}
.vt-marker{position:absolute;left:0;top:0;box-sizing:border-box;width:28px;height:28px;margin:-14px 0 0 -14px;
padding:0;border:2px solid #fff;border-radius:50%;background:var(--vt-marker-bg,#1c7ed6);color:var(--vt-marker-fg,#fff);
font:600 13px/1 system-ui,sans-serif;display:grid;place-items:center;cursor:pointer;pointer-events:auto;
box-shadow:0 1px 4px rgba(0,0,0,.35);transition:opacity .2s}
.vt-marker.is-active{background:var(--vt-marker-active-bg,#f08c00)}
.vt-marker.is-hidden{opacity:0;pointer-events:none}
.vt-marker.is-behind{opacity:.6;border-style:dashed}
.vt-marker:focus-visible{outline:2px solid var(--vt-marker-bg,#1c7ed6);outline-offset:2px}
`;

/** Adds the stylesheet once to the document or shadow root that holds `element`. */
export function ensureStyles(element: HTMLElement): void {
  const root = element.getRootNode();
  const host = root instanceof ShadowRoot ? root : element.ownerDocument.head;
  const scope: ParentNode = root instanceof ShadowRoot ? root : element.ownerDocument;
  if (scope.querySelector(`#${STYLE_ID}`)) return;
  const style = element.ownerDocument.createElement("style");
  style.id = STYLE_ID;
  style.textContent = CSS;
  host.append(style);
}
