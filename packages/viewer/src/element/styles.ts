/** The element's stylesheet, injected once per document (light DOM, `vt-` classes). */

const STYLE_ID = "vitrine-element-style";

const CSS = `
vitrine-viewer{display:block;position:relative;overflow:hidden;min-height:min(240px,100vh);background:#eef1f6;color:#1a1b1e;
font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans KR","Apple SD Gothic Neo",sans-serif;-webkit-tap-highlight-color:transparent}
vitrine-viewer *{box-sizing:border-box}
vitrine-viewer .vt-stage{position:absolute;inset:0;outline:none}
.vt-stage:focus-visible{box-shadow:inset 0 0 0 3px #74c0fc}
.vt-poster{position:absolute;inset:0;width:100%;height:100%;object-fit:contain;pointer-events:none;transition:opacity .4s}
.vt-poster.is-gone{opacity:0}
.vt-progress{position:absolute;left:50%;top:50%;width:min(260px,70%);transform:translate(-50%,-50%);text-align:center;
font-size:13px;color:#343a40}
.vt-track{height:6px;margin-bottom:8px;border-radius:3px;background:rgba(0,0,0,.14);overflow:hidden}
.vt-fill{height:100%;width:0;border-radius:3px;background:#1c7ed6;transition:width .2s}
.vt-progress:not([aria-valuenow]) .vt-fill{width:30%;animation:vt-slide 1.2s ease-in-out infinite alternate}
@keyframes vt-slide{to{transform:translateX(233%)}}
.vt-error{position:absolute;inset:0;display:grid;place-content:center;justify-items:center;gap:14px;padding:24px;
text-align:center;background:#f1f3f5;color:#343a40}
.vt-error p{margin:0;max-width:420px}
.vt-action{padding:8px 16px;border:0;border-radius:8px;background:#1c7ed6;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.vt-bar{position:absolute;left:50%;bottom:12px;transform:translateX(-50%);display:flex;align-items:center;gap:2px;padding:4px;
border-radius:12px;background:rgba(24,26,32,.84);box-shadow:0 4px 16px rgba(0,0,0,.25)}
.vt-btn{position:relative;display:inline-flex;align-items:center;justify-content:center;gap:10px;min-width:40px;height:40px;
padding:0 8px;border:0;border-radius:8px;background:none;color:#fff;font:inherit;cursor:pointer}
.vt-btn:hover{background:rgba(255,255,255,.16)}
.vt-btn:focus-visible,.vt-action:focus-visible,.vt-list button:focus-visible,.vt-logo:focus-visible,.vt-ad:focus-visible{outline:2px solid #74c0fc;outline-offset:1px}
.vt-btn[aria-pressed=true]{background:#1c7ed6}
.vt-btn[hidden],.vt-more[hidden]{display:none}
.vt-btn svg{width:22px;height:22px;flex:none;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.vt-bar .vt-label{position:absolute;bottom:calc(100% + 10px);left:50%;transform:translateX(-50%);padding:4px 8px;border-radius:6px;
background:#1a1b1e;color:#fff;font-size:12px;white-space:nowrap;pointer-events:none;opacity:0;transition:opacity .15s}
.vt-bar .vt-btn:hover .vt-label,.vt-bar .vt-btn:focus-visible .vt-label{opacity:1}
.vt-sep{align-self:stretch;width:1px;margin:6px 3px;background:rgba(255,255,255,.22)}
.vt-sheet{position:absolute;left:8px;right:8px;bottom:64px;display:grid;grid-template-columns:1fr 1fr;gap:4px;padding:8px;
border-radius:12px;background:rgba(24,26,32,.94);box-shadow:0 4px 16px rgba(0,0,0,.25)}
.vt-sheet[hidden]{display:none}
.vt-sheet .vt-btn{justify-content:flex-start;width:100%;height:44px}
.vt-mobile .vt-bar{left:8px;right:8px;bottom:8px;transform:none;justify-content:space-around}
.vt-mobile .vt-bar .vt-label,.vt-mobile .vt-bar .vt-sep{display:none}
.vt-panel{position:absolute;top:12px;right:12px;width:min(340px,calc(100% - 24px));max-height:calc(100% - 88px);overflow:auto;
padding:14px 16px 16px;border-radius:12px;background:#fff;box-shadow:0 8px 28px rgba(0,0,0,.2)}
vitrine-viewer.vt-mobile .vt-panel{top:auto;left:8px;right:8px;bottom:64px;width:auto;max-height:min(calc(100% - 120px),46%)}
.vt-ads .vt-panel{top:44px}
.vt-head{display:flex;align-items:flex-start;gap:8px}
.vt-head h2{flex:1;margin:2px 0 0;font-size:16px;line-height:1.35;font-weight:650;overflow-wrap:anywhere}
.vt-head .vt-btn{min-width:32px;height:32px;margin:-6px -8px 0 0;color:#495057}
.vt-head .vt-btn:hover{background:#f1f3f5}
.vt-num{display:inline-grid;place-items:center;min-width:24px;height:24px;padding:0 6px;border-radius:12px;background:#f08c00;
color:#fff;font-size:12px;font-weight:700}
.vt-meta{margin:0 0 4px;font-size:12px;font-weight:600;color:#1971c2}
.vt-panel p{margin:8px 0 0;white-space:pre-wrap;overflow-wrap:anywhere;word-break:keep-all}
.vt-media{display:grid;gap:8px;margin-top:12px}
.vt-media img,.vt-media video{display:block;width:100%;max-height:240px;object-fit:contain;border-radius:8px;background:#f1f3f5}
.vt-list{list-style:none;margin:10px 0 0;padding:0;display:grid;gap:6px}
.vt-list button{width:100%;padding:9px 12px;border:1px solid #dee2e6;border-radius:8px;background:#fff;color:inherit;font:inherit;
text-align:left;cursor:pointer}
.vt-list button:hover{background:#f8f9fa}
.vt-list button[aria-current=step]{border-color:#1c7ed6;background:#e7f5ff}
.vt-guide{margin:10px 0 0;padding-left:18px}
.vt-guide li{margin:4px 0}
.vt-size{margin:10px 0 0;font-size:18px;font-weight:600}
.vt-logo{position:absolute;top:10px;left:10px;padding:3px 9px;border-radius:6px;background:rgba(255,255,255,.88);color:#1a1b1e;
font-size:12px;font-weight:700;letter-spacing:.02em;text-decoration:none;box-shadow:0 1px 4px rgba(0,0,0,.12)}
.vt-ads .vt-logo{top:42px}
.vt-ad{position:absolute;top:0;left:0;right:0;padding:7px 12px;background:rgba(25,113,194,.94);color:#fff;font-size:12px;
font-weight:600;text-align:center;text-decoration:none;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.vt-ad:hover{background:#1864ab}
vitrine-viewer.vt-compact .vt-bar{left:50%;right:auto;bottom:4px;transform:translateX(-50%);padding:3px;justify-content:center}
.vt-compact .vt-bar .vt-btn{min-width:36px;height:36px;padding:0 6px}
.vt-compact .vt-btn svg{width:20px;height:20px}
.vt-compact .vt-sheet{left:6px;right:6px;bottom:46px;grid-template-columns:repeat(3,1fr);max-height:calc(100% - 52px);overflow:auto;padding:6px}
.vt-compact .vt-sheet .vt-btn{height:36px;gap:6px;padding:0 6px;font-size:12px;line-height:1.2;text-align:left}
.vt-compact .vt-sheet .vt-btn svg{width:18px;height:18px}
vitrine-viewer.vt-compact .vt-panel{top:6px;bottom:46px;left:auto;right:6px;width:min(48%,320px);max-height:none;padding:8px 10px 10px;font-size:13px}
.vt-compact.vt-ads .vt-panel{top:30px}
.vt-compact .vt-head h2{font-size:14px}
.vt-compact .vt-size{font-size:15px}
.vt-compact .vt-media img,.vt-compact .vt-media video{max-height:110px}
.vt-compact .vt-ad{padding:4px 10px}
.vt-compact.vt-ads .vt-logo{top:30px}
.vt-compact .vt-logo{top:6px;left:6px}
.vt-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
@media (prefers-reduced-motion:reduce){.vt-poster,.vt-fill,.vt-bar .vt-label{transition:none}.vt-progress .vt-fill{animation:none}}
`;

/** Adds the element's stylesheet to the document once. */
export function ensureElementStyles(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement("style");
  style.id = STYLE_ID;
  style.textContent = CSS;
  doc.head.append(style);
}
