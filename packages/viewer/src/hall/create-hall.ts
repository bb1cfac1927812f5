/**
 * The 3D exhibition hall: one WebGL canvas, rendered on demand (only while the visitor moves,
 * glides or a texture arrives), merged geometry with baked light, atlas textures, and 2D layers
 * for the minimap, the joystick and the booth in front. Product models never load here.
 */
import {
  Box3,
  Color,
  Mesh,
  MeshBasicMaterial,
  PerspectiveCamera,
  Raycaster,
  Scene,
  Vector2,
  Vector3,
  WebGLRenderer,
} from "three";
import { BACKGROUND, BOOTH_TOP, planHall, type THallPlan } from "./build";
import {
  EYE_HEIGHT,
  forwardOf,
  hallBounds,
  inRect,
  islands,
  mapFit,
  mapSize,
  mapToWorld,
  viewingSpot,
  worldToMap,
  yawTowards,
} from "./layout";
import {
  ease,
  glideSeconds,
  intentFromKeys,
  isIdle,
  isWalkKey,
  keepOut,
  look,
  pathLength,
  planPath,
  pointAlong,
  type TIntent,
  type TPose,
  walk,
  yawDelta,
} from "./motion";
import { createOverlay } from "./overlay";
import { drawLogos, drawSignage, ImageLoader, makePage, type TPage } from "./textures";
import type { THall, THallOptions, THallStats } from "./types";

/** Booths whose images load: within this distance of the visitor (metres), nearest first. */
const LOAD_RADIUS = 30;
/** A booth counts as "in front" within this distance and angle. */
const FACING_DISTANCE = 8.5;
const FACING_COS = Math.cos((38 * Math.PI) / 180);
/** A click within this distance of a booth opens it; further away the visitor glides to it. */
const ENTER_DISTANCE = 9;
const SLOW_FRAME_MS = 45;

export function createHall(container: HTMLElement, options: THallOptions): THall {
  const plan: THallPlan = planHall({
    layout: options.layout,
    booths: options.booths,
    themeColor: options.themeColor,
  });
  const { layout } = plan;
  const bounds = hallBounds(layout);
  const obstacles = islands(layout);
  const coarse = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;

  const renderer = new WebGLRenderer({ antialias: true, alpha: false, powerPreference: "high-performance" });
  const maxRatio = options.maxPixelRatio ?? (coarse ? 1.5 : 2);
  let pixelRatio = Math.min(window.devicePixelRatio || 1, maxRatio);
  renderer.setPixelRatio(pixelRatio);
  const background = new Color(BACKGROUND);
  renderer.setClearColor(background);
  const canvas = renderer.domElement;
  canvas.className = "vt-hall-canvas";
  Object.assign(canvas.style, {
    display: "block",
    width: "100%",
    height: "100%",
    touchAction: "none",
    outline: "none",
  });
  if (getComputedStyle(container).position === "static") container.style.position = "relative";
  container.style.overflow = "hidden";
  container.prepend(canvas);
  container.tabIndex = 0;
  container.setAttribute("role", "application");
  container.setAttribute("aria-label", `${options.labels.hall}. ${options.labels.help}`);

  const scene = new Scene();
  scene.background = background;
  // A fog of our own shape: three's Fog class is the one piece of three the embed does not use
  // (the embed and the hall share one three.js chunk, and the embed's budget is tight).
  scene.fog = { isFog: true, name: "", color: background, near: 28, far: 95 } as unknown as Scene["fog"];
  const camera = new PerspectiveCamera(60, 1, 0.1, 140);
  const anisotropy = Math.min(4, renderer.capabilities.getMaxAnisotropy());

  // Meshes: one lit structure, one per texture page.
  const structureMaterial = new MeshBasicMaterial({ vertexColors: true });
  scene.add(new Mesh(plan.structure.geometry(), structureMaterial));
  const signagePage = makePage(1024, 512, anisotropy);
  drawSignage(signagePage, plan, options.name, options.labels);
  const pages: TPage[] = [signagePage];
  if (!plan.signage.empty)
    scene.add(new Mesh(plan.signage.geometry(), new MeshBasicMaterial({ map: signagePage.texture })));
  const logoPages = plan.logoPlan.pages.map((p) => makePage(p.width, p.height, anisotropy));
  pages.push(...logoPages);
  drawLogos(logoPages, plan);
  plan.logoPanels.forEach((panel, i) => {
    const page = logoPages[i];
    if (page && !panel.empty)
      scene.add(new Mesh(panel.geometry(), new MeshBasicMaterial({ map: page.texture })));
  });
  const imageMeshes = plan.imagePanels.map((panel) => {
    const mesh = new Mesh(panel.geometry(), new MeshBasicMaterial({ color: 0xffffff }));
    mesh.visible = false;
    scene.add(mesh);
    return mesh;
  });
  const loader = new ImageLoader(plan, anisotropy, (page, created) => {
    if (created) {
      const mesh = imageMeshes[page];
      const p = loader.pages[page];
      if (mesh && p) {
        (mesh.material as MeshBasicMaterial).map = p.texture;
        (mesh.material as MeshBasicMaterial).needsUpdate = true;
        mesh.visible = true;
      }
    }
    scheduleFlush();
    pumpImages();
  });

  const boothBoxes = plan.booths.map(
    (b) =>
      new Box3(
        new Vector3(b.pose.footprint.minX, 0, b.pose.footprint.minZ),
        new Vector3(b.pose.footprint.maxX, BOOTH_TOP, b.pose.footprint.maxZ),
      ),
  );

  // The visitor.
  let pose: TPose = { x: 0, z: bounds.maxZ - 0.8, yaw: 0, pitch: 0.1 };
  pose = { ...pose, ...keepOut(pose, obstacles, bounds) };
  const held = new Set<string>();
  let stick: TIntent = { forward: 0, strafe: 0, turn: 0 };
  let glide: {
    from: { x: number; z: number };
    path: { x: number; z: number }[];
    yaw0: number;
    yaw1: number;
    pitch0: number;
    start: number;
    seconds: number;
  } | null = null;

  // Overlay.
  const overlay = createOverlay(container, options.labels, (intent) => {
    stick = intent;
    if (!isIdle(intent)) glide = null;
    requestRender();
  });
  const fitMap = () => {
    const size = mapSize(bounds, container.clientWidth < 600 ? 104 : 150);
    const dpr = Math.min(2, window.devicePixelRatio || 1);
    overlay.minimap.width = Math.round(size.width * dpr);
    overlay.minimap.height = Math.round(size.height * dpr);
    overlay.minimap.style.width = `${size.width}px`;
    overlay.minimap.style.height = `${size.height}px`;
    return { fit: mapFit(bounds, size.width, size.height), dpr };
  };
  let map = fitMap();

  function drawMap(): void {
    const ctx = overlay.minimap.getContext("2d");
    if (!ctx) return;
    const { fit, dpr } = map;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, overlay.minimap.width, overlay.minimap.height);
    const rect = (r: { minX: number; maxX: number; minZ: number; maxZ: number }, fill: string) => {
      const a = worldToMap(fit, r.minX, r.minZ);
      const b = worldToMap(fit, r.maxX, r.maxZ);
      ctx.fillStyle = fill;
      ctx.fillRect(a.px, a.py, b.px - a.px, b.py - a.py);
    };
    rect(bounds, "#ece8e2");
    for (const s of plan.freeSlots) rect(s.footprint, "#d6d1ca");
    for (const b of plan.booths) {
      const r = b.pose.footprint;
      rect({ minX: r.minX + 0.15, maxX: r.maxX - 0.15, minZ: r.minZ + 0.15, maxZ: r.maxZ - 0.15 }, b.color);
    }
    const me = worldToMap(fit, pose.x, pose.z);
    const f = forwardOf(pose.yaw);
    ctx.save();
    ctx.translate(me.px, me.py);
    ctx.rotate(Math.atan2(f.z, f.x));
    ctx.fillStyle = "rgba(230, 60, 50, 0.25)";
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.arc(0, 0, 22, -0.5, 0.5);
    ctx.closePath();
    ctx.fill();
    ctx.fillStyle = "#e03c32";
    ctx.strokeStyle = "#fff";
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(0, 0, 4.5, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    ctx.restore();
  }

  // Rendering on demand.
  let frameRequested = false;
  let lastFrame = 0;
  let frames = 0;
  let firstFrameDone = false;
  let disposed = false;
  let fpsCap = 60;
  const intervals: number[] = [];
  let stats: THallStats = {
    triangles: 0,
    calls: 0,
    frames: 0,
    pixelRatio,
    fpsCap,
    imagesLoaded: 0,
    imagesFailed: 0,
    imageBytes: 0,
    textureBytes: 0,
    textures: 0,
  };
  let lastFacing: string | null = null;

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
    step(now, dt);
    render();
    if (moving()) requestRender();
    else onRest();
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

  function step(now: number, dt: number): void {
    if (glide) {
      const t = Math.min(1, (now - glide.start) / (glide.seconds * 1000));
      const k = ease(t);
      const p = pointAlong(glide.from, glide.path, k);
      pose = {
        x: p.x,
        z: p.z,
        yaw: glide.yaw0 + yawDelta(glide.yaw0, glide.yaw1) * k,
        pitch: glide.pitch0 * (1 - k),
      };
      if (t >= 1) glide = null;
    } else {
      const keys = intentFromKeys(held);
      const intent: TIntent = {
        forward: Math.max(-1, Math.min(1, keys.forward + stick.forward)),
        strafe: Math.max(-1, Math.min(1, keys.strafe + stick.strafe)),
        turn: Math.max(-1, Math.min(1, keys.turn + stick.turn)),
      };
      if (!isIdle(intent)) pose = walk(pose, intent, dt, obstacles, bounds);
    }
  }

  let lastPump = 0;
  function render(): void {
    camera.position.set(pose.x, EYE_HEIGHT, pose.z);
    camera.rotation.set(pose.pitch, pose.yaw, 0, "YXZ");
    renderer.render(scene, camera);
    frames++;
    const info = renderer.info;
    const now = performance.now();
    if (now - lastPump > 300) {
      lastPump = now;
      pumpImages();
    }
    drawMap();
    updateFacing();
    stats = {
      triangles: info.render.triangles,
      calls: info.render.calls,
      frames,
      pixelRatio,
      fpsCap,
      imagesLoaded: loader.loaded,
      imagesFailed: loader.failed,
      imageBytes: loader.bytes,
      textureBytes: textureBytes(),
      textures: info.memory.textures,
    };
    const d = container.dataset;
    d.triangles = String(stats.triangles);
    d.calls = String(stats.calls);
    d.frames = String(frames);
    d.pixelRatio = String(pixelRatio);
    d.imagesLoaded = String(loader.loaded);
    d.imagesPending = String(loader.pending);
    d.imagesFailed = String(loader.failed);
    d.imageBytes = String(loader.bytes);
    d.textureBytes = String(stats.textureBytes);
    d.x = pose.x.toFixed(2);
    d.z = pose.z.toFixed(2);
    d.yaw = pose.yaw.toFixed(3);
    if (!firstFrameDone) {
      firstFrameDone = true;
      requestAnimationFrame(() => {
        if (disposed) return;
        container.dataset.firstFrame = String(performance.now());
        options.onFirstFrame?.();
      });
    }
  }

  function textureBytes(): number {
    let sum = 0;
    for (const p of [...pages, ...loader.pages]) if (p) sum += p.canvas.width * p.canvas.height * 4;
    return sum;
  }

  function onRest(): void {
    pumpImages();
  }

  function pumpImages(): void {
    const order = plan.booths
      .map((b, i) => ({ i, d: Math.hypot(b.pose.x - pose.x, b.pose.z - pose.z) }))
      .filter((e) => e.d <= LOAD_RADIUS)
      .sort((a, b) => a.d - b.d)
      .map((e) => e.i);
    loader.pump(order);
  }

  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  function scheduleFlush(): void {
    if (flushTimer || disposed) return;
    // Uploads are batched: a page re-uploads at most about five times a second.
    flushTimer = setTimeout(() => {
      flushTimer = null;
      if (loader.flush()) requestRender();
    }, 200);
  }

  function facingBooth(): string | null {
    const f = forwardOf(pose.yaw);
    let best: { id: string; d: number } | null = null;
    for (const b of plan.booths) {
      const dx = b.pose.x - pose.x;
      const dz = b.pose.z - pose.z;
      const d = Math.hypot(dx, dz);
      if (d > FACING_DISTANCE || d < 0.01) continue;
      if ((dx * f.x + dz * f.z) / d < FACING_COS) continue;
      // Only booths that open towards the visitor (not their backs or sides).
      const front = b.pose.x + b.pose.facing * 1.5;
      if ((pose.x - front) * b.pose.facing < 0) continue;
      if (!best || d < best.d) best = { id: b.booth.id, d };
    }
    return best?.id ?? null;
  }

  function updateFacing(): void {
    const id = moving() ? null : facingBooth();
    if (id === lastFacing) return;
    lastFacing = id;
    const booth = plan.booths.find((b) => b.booth.id === id);
    if (booth) {
      const name = booth.booth.logoText;
      overlay.enter.textContent = options.labels.enter.replace("{name}", name);
      overlay.enter.style.display = "block";
      overlay.live.textContent = options.labels.facing.replace("{name}", name);
      container.dataset.facing = booth.booth.id;
    } else {
      overlay.enter.style.display = "none";
      overlay.live.textContent = "";
      delete container.dataset.facing;
    }
  }

  function glideTo(target: { x: number; z: number }, yaw: number): void {
    const to = keepOut(target, obstacles, bounds);
    const from = { x: pose.x, z: pose.z };
    const path = planPath(layout, from, to);
    glide = {
      from,
      path,
      yaw0: pose.yaw,
      yaw1: yaw,
      pitch0: pose.pitch,
      start: performance.now(),
      seconds: glideSeconds(pathLength(from, path)),
    };
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

  // Input.
  const raycaster = new Raycaster();
  const ndc = new Vector2();
  const hitPoint = new Vector3();
  function pick(clientX: number, clientY: number): void {
    const r = canvas.getBoundingClientRect();
    ndc.set(((clientX - r.left) / r.width) * 2 - 1, -((clientY - r.top) / r.height) * 2 + 1);
    raycaster.setFromCamera(ndc, camera);
    const ray = raycaster.ray;
    let best: { i: number; d: number } | null = null;
    boothBoxes.forEach((box, i) => {
      const hit = ray.intersectBox(box, hitPoint);
      if (!hit) return;
      const d = hit.distanceTo(ray.origin);
      if (!best || d < best.d) best = { i, d };
    });
    const floorT = ray.direction.y < -1e-4 ? -ray.origin.y / ray.direction.y : Number.POSITIVE_INFINITY;
    const chosen = best as { i: number; d: number } | null;
    if (chosen && chosen.d < floorT) {
      const b = plan.booths[chosen.i];
      if (!b) return;
      const near = Math.hypot(b.pose.x - pose.x, b.pose.z - pose.z) <= ENTER_DISTANCE;
      if (near) options.onEnterBooth(b.booth.id);
      else flyTo(b.booth.id);
      return;
    }
    if (Number.isFinite(floorT) && floorT < 120) {
      const x = ray.origin.x + ray.direction.x * floorT;
      const z = ray.origin.z + ray.direction.z * floorT;
      if (!inRect(bounds, x, z)) return;
      const yaw = Math.hypot(x - pose.x, z - pose.z) > 1 ? yawTowards(pose.x, pose.z, x, z) : pose.yaw;
      glideTo({ x, z }, yaw);
    }
  }

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
    if (drag.moved > 6) {
      glide = null;
      pose = look(pose, dx, dy);
      requestRender();
    }
  };
  const onPointerUp = (e: PointerEvent) => {
    if (!drag || e.pointerId !== drag.id) return;
    const click = drag.moved <= 6;
    drag = null;
    if (click) pick(e.clientX, e.clientY);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target !== container && e.target !== canvas) return;
    if (e.code === "Enter" || e.code === "NumpadEnter") {
      const id = facingBooth();
      if (id) {
        e.preventDefault();
        options.onEnterBooth(id);
      }
      return;
    }
    if (!isWalkKey(e.code)) return;
    e.preventDefault();
    glide = null;
    held.add(e.code);
    requestRender();
  };
  const onKeyUp = (e: KeyboardEvent) => {
    held.delete(e.code);
    requestRender();
  };
  const onBlur = () => {
    held.clear();
    requestRender();
  };
  const onMapClick = (e: MouseEvent) => {
    const r = overlay.minimap.getBoundingClientRect();
    const w = mapToWorld(map.fit, e.clientX - r.left, e.clientY - r.top);
    const booth = plan.booths.find((b) => inRect(b.pose.footprint, w.x, w.z));
    if (booth) {
      flyTo(booth.booth.id);
      return;
    }
    const yaw = Math.hypot(w.x - pose.x, w.z - pose.z) > 1 ? yawTowards(pose.x, pose.z, w.x, w.z) : pose.yaw;
    glideTo(w, yaw);
  };
  const onEnterClick = () => {
    const id = lastFacing;
    if (id) options.onEnterBooth(id);
  };
  canvas.addEventListener("pointerdown", onPointerDown);
  canvas.addEventListener("pointermove", onPointerMove);
  canvas.addEventListener("pointerup", onPointerUp);
  canvas.addEventListener("pointercancel", onPointerUp);
  container.addEventListener("keydown", onKeyDown);
  container.addEventListener("keyup", onKeyUp);
  container.addEventListener("blur", onBlur);
  overlay.minimap.addEventListener("click", onMapClick);
  overlay.enter.addEventListener("click", onEnterClick);
  const onTouch = () => overlay.setJoystickVisible(true);
  container.addEventListener("touchstart", onTouch, { passive: true, once: true });

  function resize(): void {
    const w = Math.max(1, container.clientWidth);
    const h = Math.max(1, container.clientHeight);
    renderer.setSize(w, h, false);
    const aspect = w / h;
    camera.aspect = aspect;
    // Keep at least 50° across on narrow (portrait) screens.
    const minHalfH = (25 * Math.PI) / 180;
    const vfov = Math.max(60, Math.min(80, (2 * Math.atan(Math.tan(minHalfH) / aspect) * 180) / Math.PI));
    camera.fov = vfov;
    camera.updateProjectionMatrix();
    overlay.setJoystickVisible(coarse || w < 700);
    map = fitMap();
    requestRender();
  }
  const observer = new ResizeObserver(() => resize());
  observer.observe(container);
  resize();

  return {
    flyTo,
    facingBooth: () => facingBooth(),
    stats: () => ({ ...stats }),
    renderNow() {
      render();
    },
    dispose() {
      disposed = true;
      observer.disconnect();
      if (flushTimer) clearTimeout(flushTimer);
      canvas.removeEventListener("pointerdown", onPointerDown);
      canvas.removeEventListener("pointermove", onPointerMove);
      canvas.removeEventListener("pointerup", onPointerUp);
      canvas.removeEventListener("pointercancel", onPointerUp);
      container.removeEventListener("keydown", onKeyDown);
      container.removeEventListener("keyup", onKeyUp);
      container.removeEventListener("blur", onBlur);
      container.removeEventListener("touchstart", onTouch);
      overlay.dispose();
      loader.dispose();
      for (const p of pages) p.texture.dispose();
      scene.traverse((o) => {
        const m = o as Mesh;
        if (!m.isMesh) return;
        m.geometry.dispose();
        (m.material as MeshBasicMaterial).dispose();
      });
      renderer.dispose();
      canvas.remove();
    },
  };
}
