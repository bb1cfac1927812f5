/**
 * The 3D exhibition hall: one WebGL canvas, rendered on demand (only while the visitor moves,
 * glides or a texture arrives), merged geometry with baked light, atlas textures, and 2D layers
 * for the minimap, the joystick and the booth in front. Product models never load here.
 * This file holds the visitor's state and the frames; what each part does lives beside it
 * (`stage.ts`, `meshes.ts`, `walk.ts`, `pick.ts`, `minimap.ts`, `input.ts`, `counters.ts`).
 */
import { PerspectiveCamera } from "three";
import { planHall, type THallPlan } from "./build";
import { countFrame, noStats } from "./counters";
import { listen } from "./input";
import { EYE_HEIGHT, inRect, islands, mapToWorld, viewingSpot } from "./layout";
import { disposeScene, dressHall, showImages } from "./meshes";
import { drawMinimap, fitMinimap } from "./minimap";
import { intentFromKeys, isIdle, keepOut, look, type TIntent, type TPose } from "./motion";
import { createOverlay, showFacing } from "./overlay";
import { createPicker, facingBooth } from "./pick";
import { fitCamera, mountRenderer } from "./stage";
import type { THall, THallOptions, THallStats } from "./types";
import { glidePose, planGlide, type TGlide, walkPose, yawTo } from "./walk";

/** A click within this distance of a booth opens it; further away the visitor glides to it. */
const ENTER_DISTANCE = 9;
const SLOW_FRAME_MS = 45;

export function createHall(container: HTMLElement, options: THallOptions): THall {
  const plan: THallPlan = planHall(options);
  const { layout, bounds } = plan;
  const obstacles = islands(layout);
  const coarse = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
  let pixelRatio = Math.min(window.devicePixelRatio || 1, options.maxPixelRatio ?? (coarse ? 1.5 : 2));
  const renderer = mountRenderer(container, options.labels, pixelRatio);
  const canvas = renderer.domElement;
  const camera = new PerspectiveCamera(60, 1, 0.1, 140);
  const anisotropy = Math.min(4, renderer.capabilities.getMaxAnisotropy());
  const [scene, pages] = dressHall(plan, anisotropy, options);
  const loader = showImages(scene, plan, anisotropy, () => loader.pump(pose), requestRender);
  const pickAt = createPicker(canvas, camera, plan);

  // The visitor.
  let pose: TPose = { x: 0, z: bounds.maxZ - 0.8, yaw: 0, pitch: 0.1 };
  pose = { ...pose, ...keepOut(pose, obstacles, bounds) };
  const held = new Set<string>();
  let stick: TIntent = { forward: 0, strafe: 0, turn: 0 };
  let glide: TGlide | null = null;

  const overlay = createOverlay(container, options.labels, (intent) => {
    stick = intent;
    if (!isIdle(intent)) glide = null;
    requestRender();
  });
  let map = fitMinimap(overlay.minimap, bounds, container.clientWidth);

  // Rendering on demand.
  let frameRequested = false;
  let lastFrame = 0;
  let frames = 0;
  let firstFrameDone = false;
  let disposed = false;
  let fpsCap = 60;
  const intervals: number[] = [];
  let stats: THallStats = noStats(pixelRatio, fpsCap);
  let lastFacing: string | null = null;
  let lastPump = 0;

  function requestRender(): void {
    if (frameRequested || disposed) return;
    frameRequested = true;
    requestAnimationFrame(frame);
  }

  function moving(): boolean {
    return glide !== null || !isIdle(intentFromKeys(held)) || !isIdle(stick);
  }

  function frame(now: number): void {
    frameRequested = false;
    if (disposed) return;
    const animating = moving();
    if (animating && fpsCap < 60 && lastFrame && now - lastFrame < 1000 / fpsCap - 2) {
      requestRender();
      return;
    }
    const dt = lastFrame ? Math.min(0.1, (now - lastFrame) / 1000) : 1 / 60;
    if (animating && lastFrame) adapt(now - lastFrame);
    lastFrame = animating ? now : 0;
    if (glide) {
      const t = Math.min(1, (now - glide.start) / (glide.seconds * 1000));
      pose = glidePose(glide, t);
      if (t >= 1) glide = null;
    } else pose = walkPose(pose, held, stick, dt, obstacles, bounds);
    render();
    if (moving()) requestRender();
    else loader.pump(pose);
  }

  /** Steps the resolution, then the frame rate, down when frames come slowly while moving. */
  function adapt(interval: number): void {
    intervals.push(interval);
    if (intervals.length < 24) return;
    const avg = intervals.reduce((a, b) => a + b, 0) / intervals.length;
    intervals.length = 0;
    if (avg <= SLOW_FRAME_MS) return;
    if (pixelRatio > 0.75) {
      pixelRatio = Math.max(0.75, pixelRatio * 0.75);
      renderer.setPixelRatio(pixelRatio);
      resize();
    } else if (fpsCap > 30) fpsCap = 30;
  }

  function render(): void {
    camera.position.set(pose.x, EYE_HEIGHT, pose.z);
    camera.rotation.set(pose.pitch, pose.yaw, 0, "YXZ");
    renderer.render(scene, camera);
    frames++;
    const now = performance.now();
    if (now - lastPump > 300) {
      lastPump = now;
      loader.pump(pose);
    }
    drawMinimap(overlay.minimap, map, plan, pose);
    updateFacing();
    stats = countFrame(container, renderer, frames, pixelRatio, fpsCap, loader, pages, pose);
    if (!firstFrameDone) {
      firstFrameDone = true;
      requestAnimationFrame(() => {
        if (disposed) return;
        container.dataset.firstFrame = String(performance.now());
        options.onFirstFrame?.();
      });
    }
  }

  /** Names the booth in front (the button, the live region, `data-facing`) once the visitor stops. */
  function updateFacing(): void {
    const id = moving() ? null : facingBooth(plan, pose);
    if (id === lastFacing) return;
    lastFacing = id;
    const booth = plan.booths.find((b) => b.booth.id === id);
    showFacing(overlay, options.labels, container, booth);
  }

  function glideTo(target: { x: number; z: number }, yaw: number): void {
    glide = planGlide(layout, obstacles, bounds, pose, target, yaw);
    lastFrame = 0;
    requestRender();
  }

  function flyTo(boothId: string): boolean {
    const b = plan.booths.find((x) => x.booth.id === boothId);
    if (!b) return false;
    const spot = viewingSpot(b.pose);
    glideTo(spot, spot.yaw);
    return true;
  }

  const unlisten = listen(
    container,
    canvas,
    overlay,
    held,
    (dx, dy) => {
      glide = null;
      pose = look(pose, dx, dy);
      requestRender();
    },
    (clientX, clientY) => {
      const hit = pickAt(clientX, clientY);
      if (!hit) return;
      if (!("booth" in hit)) glideTo(hit, yawTo(pose, hit.x, hit.z));
      else if (Math.hypot(hit.pose.x - pose.x, hit.pose.z - pose.z) <= ENTER_DISTANCE)
        options.onEnterBooth(hit.booth.id);
      else flyTo(hit.booth.id);
    },
    (px, py) => {
      const w = mapToWorld(map.fit, px, py);
      const booth = plan.booths.find((b) => inRect(b.pose.footprint, w.x, w.z));
      if (booth) flyTo(booth.booth.id);
      else glideTo(w, yawTo(pose, w.x, w.z));
    },
    (isDown) => {
      if (isDown) glide = null;
      requestRender();
    },
    () => facingBooth(plan, pose),
    () => lastFacing,
    (id) => options.onEnterBooth(id),
  );

  function resize(): void {
    const w = Math.max(1, container.clientWidth);
    fitCamera(renderer, camera, w, Math.max(1, container.clientHeight));
    overlay.setJoystickVisible(coarse || w < 700);
    map = fitMinimap(overlay.minimap, bounds, container.clientWidth);
    requestRender();
  }
  const observer = new ResizeObserver(() => resize());
  observer.observe(container);
  resize();

  return {
    flyTo,
    facingBooth: () => facingBooth(plan, pose),
    stats: () => ({ ...stats }),
    renderNow() {
      render();
    },
    dispose() {
      disposed = true;
      observer.disconnect();
      unlisten();
      overlay.dispose();
      loader.dispose();
      disposeScene(scene, pages);
      renderer.dispose();
      canvas.remove();
    },
  };
}
