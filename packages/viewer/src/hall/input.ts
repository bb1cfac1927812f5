/**
 * The hall's input, turned into what the visitor means: a drag looks around, a press that barely
 * moves is a click, walk keys are held while down, Enter or the "enter" button opens the booth in
 * front, a click on the minimap goes there, a first touch shows the joystick.
 */
import { isWalkKey } from "./motion";
import type { TOverlay } from "./overlay";

/** Pixels a press may move and still count as a click. */
const CLICK_SLOP = 6;

/**
 * Listens on the container, its canvas and the overlay; `held` holds the walk keys down.
 * `onMapClick` gets the point clicked on the minimap (CSS pixels), `onKey(isDown)` follows a walk
 * key's press or release (and the focus leaving); `facing` names the booth in front now,
 * `lastFacing` the one the button shows. Returns what stops listening.
 */
export function listen(
  container: HTMLElement,
  canvas: HTMLCanvasElement,
  overlay: TOverlay,
  held: Set<string>,
  onLook: (dx: number, dy: number) => void,
  onClick: (clientX: number, clientY: number) => void,
  onMapClick: (px: number, py: number) => void,
  onKey: (isDown: boolean) => void,
  facing: () => string | null,
  lastFacing: () => string | null,
  onEnterBooth: (boothId: string) => void,
): () => void {
  let drag: { id: number; x: number; y: number; moved: number } | null = null;
  const onPointerDown = (e: PointerEvent) => {
    if (e.button !== 0 && e.pointerType === "mouse") return;
    drag = { id: e.pointerId, x: e.clientX, y: e.clientY, moved: 0 };
    canvas.setPointerCapture?.(e.pointerId);
    container.focus({ preventScroll: true });
  };
  const onPointerMove = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.id) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    drag.moved += Math.abs(dx) + Math.abs(dy);
    drag.x = e.clientX;
    drag.y = e.clientY;
    if (drag.moved > CLICK_SLOP) onLook(dx, dy);
  };
  const onPointerUp = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.id) return;
    const click = drag.moved <= CLICK_SLOP;
    drag = null;
    if (click) onClick(e.clientX, e.clientY);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target !== container && e.target !== canvas) return;
    if (e.code === "Enter" || e.code === "NumpadEnter") {
      const id = facing();
      if (id) {
        e.preventDefault();
        onEnterBooth(id);
      }
      return;
    }
    if (!isWalkKey(e.code)) return;
    e.preventDefault();
    held.add(e.code);
    onKey(true);
  };
  const onKeyUp = (e: KeyboardEvent) => {
    held.delete(e.code);
    onKey(false);
  };
  const onBlur = () => {
    held.clear();
    onKey(false);
  };
  const onMinimap = (e: MouseEvent) => {
    const r = overlay.minimap.getBoundingClientRect();
    onMapClick(e.clientX - r.left, e.clientY - r.top);
  };
  const onEnterClick = () => {
    const id = lastFacing();
    if (id) onEnterBooth(id);
  };
  const onTouch = () => overlay.setJoystickVisible(true);
  // Removed by the function returned; the minimap's and the button's clicks go with their elements.
  const listeners: [HTMLElement, string, (e: never) => void][] = [
    [canvas, "pointerdown", onPointerDown],
    [canvas, "pointermove", onPointerMove],
    [canvas, "pointerup", onPointerUp],
    [canvas, "pointercancel", onPointerUp],
    [container, "keydown", onKeyDown],
    [container, "keyup", onKeyUp],
    [container, "blur", onBlur],
  ];
  for (const [target, type, handler] of listeners) target.addEventListener(type, handler as EventListener);
  overlay.minimap.addEventListener("click", onMinimap);
  overlay.enter.addEventListener("click", onEnterClick);
  container.addEventListener("touchstart", onTouch, { passive: true, once: true });
  return () => {
    for (const [target, type, handler] of listeners)
      target.removeEventListener(type, handler as EventListener);
    container.removeEventListener("touchstart", onTouch);
  };
}
