/**
 * The hall's 2D layers over the canvas (plain DOM, inline styles): the minimap, the phone's
 * joystick, the "enter" button for the booth in front, and a live region for screen readers.
 */
import type { TPlacedBooth } from "./build";
import { joystickIntent, type TIntent } from "./motion";
import type { THallLabels } from "./types";

const css = (el: HTMLElement, style: Partial<CSSStyleDeclaration>) => Object.assign(el.style, style);

export interface TOverlay {
  minimap: HTMLCanvasElement;
  joystick: HTMLElement;
  enter: HTMLButtonElement;
  live: HTMLElement;
  setJoystickVisible(visible: boolean): void;
  dispose(): void;
}

export function createOverlay(
  root: HTMLElement,
  labels: { minimap: string; joystick: string },
  onJoystick: (intent: TIntent) => void,
): TOverlay {
  const minimap = document.createElement("canvas");
  minimap.className = "vt-hall-minimap";
  minimap.setAttribute("role", "img");
  minimap.setAttribute("aria-label", labels.minimap);
  css(minimap, {
    position: "absolute",
    top: "12px",
    right: "12px",
    borderRadius: "10px",
    boxShadow: "0 2px 10px rgba(0,0,0,.18)",
    cursor: "pointer",
    background: "rgba(255,255,255,.9)",
    touchAction: "none",
  });

  const joystick = document.createElement("div");
  joystick.className = "vt-hall-joystick";
  joystick.setAttribute("role", "application");
  joystick.setAttribute("aria-label", labels.joystick);
  const radius = 46;
  css(joystick, {
    position: "absolute",
    left: "20px",
    bottom: "20px",
    width: `${radius * 2 + 20}px`,
    height: `${radius * 2 + 20}px`,
    borderRadius: "50%",
    background: "rgba(20,24,30,.28)",
    border: "2px solid rgba(255,255,255,.7)",
    touchAction: "none",
    display: "none",
  });
  const knob = document.createElement("div");
  css(knob, {
    position: "absolute",
    left: "50%",
    top: "50%",
    width: "46px",
    height: "46px",
    margin: "-23px 0 0 -23px",
    borderRadius: "50%",
    background: "rgba(255,255,255,.92)",
    boxShadow: "0 1px 6px rgba(0,0,0,.3)",
    pointerEvents: "none",
  });
  joystick.append(knob);
  let pointer: number | null = null;
  let centre = { x: 0, y: 0 };
  const move = (e: PointerEvent) => {
    let dx = e.clientX - centre.x;
    let dy = e.clientY - centre.y;
    const len = Math.hypot(dx, dy);
    if (len > radius) {
      dx = (dx / len) * radius;
      dy = (dy / len) * radius;
    }
    knob.style.transform = `translate(${dx}px, ${dy}px)`;
    onJoystick(joystickIntent(dx, dy, radius));
  };
  const release = () => {
    pointer = null;
    knob.style.transform = "";
    onJoystick({ forward: 0, strafe: 0, turn: 0 });
  };
  joystick.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    e.stopPropagation();
    pointer = e.pointerId;
    joystick.setPointerCapture?.(e.pointerId);
    const r = joystick.getBoundingClientRect();
    centre = { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    move(e);
  });
  joystick.addEventListener("pointermove", (e) => {
    if (e.pointerId === pointer) move(e);
  });
  joystick.addEventListener("pointerup", (e) => {
    if (e.pointerId === pointer) release();
  });
  joystick.addEventListener("pointercancel", release);

  const enter = document.createElement("button");
  enter.type = "button";
  enter.className = "vt-hall-enter";
  css(enter, {
    position: "absolute",
    left: "50%",
    bottom: "22px",
    transform: "translateX(-50%)",
    padding: "10px 18px",
    maxWidth: "min(70%, 420px)",
    overflow: "hidden",
    textOverflow: "ellipsis",
    whiteSpace: "nowrap",
    border: "0",
    borderRadius: "999px",
    font: "600 15px/1.2 system-ui, sans-serif",
    color: "#fff",
    background: "rgba(24,28,36,.86)",
    boxShadow: "0 2px 12px rgba(0,0,0,.25)",
    cursor: "pointer",
    display: "none",
  });

  const live = document.createElement("div");
  live.setAttribute("aria-live", "polite");
  css(live, {
    position: "absolute",
    width: "1px",
    height: "1px",
    overflow: "hidden",
    clipPath: "inset(50%)",
    whiteSpace: "nowrap",
  });

  root.append(minimap, joystick, enter, live);
  return {
    minimap,
    joystick,
    enter,
    live,
    setJoystickVisible(visible) {
      joystick.style.display = visible ? "block" : "none";
      // The enter button moves right of the joystick on phones.
      enter.style.left = visible ? "calc(50% + 50px)" : "50%";
      enter.style.maxWidth = visible ? "calc(100% - 170px)" : "min(70%, 420px)";
      enter.style.transform = visible ? "translateX(-50%)" : "translateX(-50%)";
    },
    dispose() {
      minimap.remove();
      joystick.remove();
      enter.remove();
      live.remove();
    },
  };
}

/**
 * Names the booth in front on the "enter" button, in the live region and as the root's
 * `data-facing`; with none, hides the button and clears both.
 */
export function showFacing(
  overlay: TOverlay,
  labels: THallLabels,
  root: HTMLElement,
  booth: TPlacedBooth | undefined,
): void {
  if (booth) {
    const name = booth.booth.logoText;
    overlay.enter.textContent = labels.enter.replace("{name}", name);
    overlay.enter.style.display = "block";
    overlay.live.textContent = labels.facing.replace("{name}", name);
    root.dataset.facing = booth.booth.id;
  } else {
    overlay.enter.style.display = "none";
    overlay.live.textContent = "";
    delete root.dataset.facing;
  }
}
