/**
 * The engine without the page: one WebGL canvas (an `HTMLCanvasElement` in the page, or an
 * `OffscreenCanvas` in a worker), drawn on demand. Everything that changes per frame (camera,
 * motion, marker spots) lives here; the host gives it a size, frames and pointer events, and
 * hears back camera moves, marker spots and clip ends. `createViewer` hosts it in the page;
 * `worker/engine-worker.ts` hosts it in a worker (`createWorkerViewer`).
 */
import type { TCameraView, TMaterialSetting, TSceneInfo, TVec3 } from "@vitrine/contract";
import {
  type Box3,
  Color,
  Group,
  Matrix3,
  type Object3D,
  Raycaster,
  Scene,
  Sphere,
  Vector2,
  Vector3,
  VSMShadowMap,
  WebGLRenderer,
} from "three";
import type { GLTF } from "three/examples/jsm/loaders/GLTFLoader.js";
import { createBackground } from "./background";
import { createCameraRig } from "./camera-rig";
import { frameSphere, freeArea, sphereWithPoint, type TViewInsets } from "./camera-view";
import { captureFrame } from "./capture";
import { FALLBACK_SCENE } from "./default-scene";
import { disposeObject } from "./dispose-object";
import { createEnvironmentCache, isSoftwareRenderer } from "./environment";
import { boxSize, clipFacts, countTriangles, modelBounds } from "./facts";
import { createLighting } from "./lighting";
import { createMarkerTracker } from "./markers";
import { createMaterialRegistry, type TMaterialRegistry } from "./materials";
import { createModelLoader } from "./model-loader";
import { createMotion, type TMotion } from "./motion";
import { toneMappingFor } from "./scene-math";
import type { TModelFacts, TPickHit } from "./types";

interface TLoaded {
  gltf: GLTF;
  root: Object3D;
  materials: TMaterialRegistry;
  motion: TMotion;
  bounds: Box3;
  sphere: Sphere;
}

export type { TEngine, TEngineHost, TMotionState } from "./engine-types";

import type { TEngine, TEngineHost } from "./engine-types";

export function abortError(): Error {
  const error = new Error("The load was replaced by a newer one or the viewer was closed.");
  error.name = "AbortError";
  return error;
}

/** Creates the engine on `host.canvas`. Throws when WebGL is unavailable there. */
export function createEngine(host: TEngineHost): TEngine {
  const renderer = new WebGLRenderer({ canvas: host.canvas, antialias: true, alpha: false });
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = VSMShadowMap;
  // Shadows only change with the model, its pose or the light, not when the camera orbits.
  renderer.shadowMap.autoUpdate = false;
  renderer.setClearColor(new Color(host.background ?? FALLBACK_SCENE.background.color));

  const scene = new Scene();
  if (host.background) scene.background = new Color(host.background);
  const modelRoot = new Group();
  modelRoot.name = "vt-model";
  scene.add(modelRoot);

  let frameId = 0;
  let wasIdle = true;
  let lastTime = 0;
  let isCameraMoved = false;
  let isDisposed = false;
  let loadToken = 0;
  let model: TLoaded | null = null;
  let sceneInfo: TSceneInfo = FALLBACK_SCENE;
  let environmentPreset: TSceneInfo["environment"]["preset"] = FALLBACK_SCENE.environment.preset;
  let shownPreset: TSceneInfo["environment"]["preset"] | null = null;
  let appliedCamera = "unset";
  let materialSettings: readonly TMaterialSetting[] = [];
  /** Edges of the view covered by the host's controls: framing keeps the model clear of them. */
  let insets: TViewInsets = { top: 0, right: 0, bottom: 0, left: 0 };
  let size = { width: 0, height: 0, pixelRatio: 1 };

  const invalidate = () => {
    if (isDisposed || frameId !== 0) return;
    frameId = host.requestFrame(tick);
  };
  /** Asks for a frame that also redraws the shadow map. */
  const invalidateShadows = () => {
    renderer.shadowMap.needsUpdate = true;
    invalidate();
  };
  const rig = createCameraRig(host.controlsElement, () => {
    isCameraMoved = true;
    invalidate();
  });
  const { camera } = rig;
  const environments = createEnvironmentCache(
    renderer,
    host.environmentSize ?? (isSoftwareRenderer(renderer) ? 128 : 256),
  );
  const background = createBackground(scene, invalidate);
  const lighting = createLighting(scene);
  const markers = createMarkerTracker(host.onSpots);
  const loader = createModelLoader(host.dracoDecoderPath);
  const raycaster = new Raycaster();
  const ndc = new Vector2();
  const normalMatrix = new Matrix3();

  const isOccluded = (point: TVec3): boolean => {
    if (!model) return false;
    const origin = camera.position;
    const direction = new Vector3(...point).sub(origin);
    const distance = direction.length();
    if (distance === 0) return false;
    raycaster.set(origin, direction.divideScalar(distance));
    raycaster.near = 0;
    // Markers sit on the surface: only something clearly in front of them hides them.
    raycaster.far = distance - Math.max(model.sphere.radius * 0.01, distance * 0.002);
    const isHit = raycaster.intersectObject(model.root, true).length > 0;
    raycaster.far = Number.POSITIVE_INFINITY;
    return isHit;
  };

  /** Builds (or takes from the cache) the environment of the current preset. */
  const syncEnvironment = () => {
    if (environmentPreset === shownPreset) return;
    scene.environment = environments.get(environmentPreset);
    shownPreset = environmentPreset;
  };

  const draw = () => {
    syncEnvironment();
    renderer.render(scene, camera);
    markers.update({
      camera,
      cameraPosition: [camera.position.x, camera.position.y, camera.position.z],
      width: size.width,
      height: size.height,
      isOccluded,
    });
    if (isCameraMoved) {
      isCameraMoved = false;
      host.onChange(rig.getView());
    }
  };

  function tick(now: number) {
    frameId = 0;
    const delta = wasIdle ? 1 / 60 : Math.min((now - lastTime) / 1000, 0.25);
    lastTime = now;
    let isBusy = rig.step(now, delta);
    if (model?.motion.tick(delta)) {
      isBusy = true;
      renderer.shadowMap.needsUpdate = true;
    }
    draw();
    if (isBusy) invalidate();
    wasIdle = frameId === 0;
  }

  const setSize = (width: number, height: number, pixelRatio: number) => {
    if (width === 0 || height === 0) return;
    size = { width, height, pixelRatio };
    renderer.setPixelRatio(pixelRatio);
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    background.fit(width / height);
    invalidate();
  };

  /** The part of the view the host leaves free, in device coordinates. */
  const area = () => freeArea(insets, size.width, size.height);

  /** The default view: the whole model from the front-right, slightly above, in the free area. */
  const framedView = (): TCameraView | null => {
    if (!model) return null;
    const { center, radius } = model.sphere;
    const front = new Vector3().setFromSphericalCoords(1, (70 * Math.PI) / 180, (25 * Math.PI) / 180);
    return frameSphere(
      [center.x, center.y, center.z],
      radius,
      [front.x, front.y, front.z],
      camera.fov,
      camera.aspect,
      area(),
    );
  };

  const applyCamera = (info: TSceneInfo, isForced: boolean) => {
    const key = JSON.stringify(info.camera);
    if (!isForced && key === appliedCamera) return;
    appliedCamera = key;
    const next = info.camera ?? framedView();
    if (next) rig.setView(next, false);
  };

  const applyScene = (info: TSceneInfo) => {
    sceneInfo = info;
    background.apply(info.background);
    // Made at the next draw (while the model downloads), and only for the preset finally shown.
    environmentPreset = info.environment.preset;
    scene.environmentIntensity = info.environment.intensity;
    lighting.apply(info);
    renderer.toneMapping = toneMappingFor(info.tone_mapping);
    renderer.toneMappingExposure = info.exposure;
    if (model) applyCamera(info, false);
    rig.setAutoRotate(info.auto_rotate);
    invalidateShadows();
  };

  const unload = () => {
    if (!model) return;
    model.motion.dispose();
    modelRoot.remove(model.root);
    disposeObject(model.root);
    model = null;
  };

  const install = (gltf: GLTF): TLoaded => {
    const root = gltf.scene;
    root.traverse((object) => {
      object.castShadow = true;
    });
    modelRoot.add(root);
    const bounds = modelBounds(root);
    const sphere = bounds.isEmpty() ? new Sphere(new Vector3(), 1) : bounds.getBoundingSphere(new Sphere());
    const materials = createMaterialRegistry(root, (material) => {
      const index = gltf.parser.associations.get(material)?.materials;
      return typeof index === "number" ? index : undefined;
    });
    const motion = createMotion(root, gltf.animations, (name) => {
      host.onClipEnd(name);
      invalidate();
    });
    return { gltf, root, materials, motion, bounds, sphere };
  };

  const engine: TEngine = {
    async load(url, onProgress) {
      const token = ++loadToken;
      const gltf = await loader.load(url, onProgress);
      if (token !== loadToken || isDisposed) {
        disposeObject(gltf.scene);
        throw abortError();
      }
      unload();
      model = install(gltf);
      model.materials.apply(materialSettings);
      const floorY = model.bounds.isEmpty() ? 0 : model.bounds.min.y;
      lighting.fit(model.sphere, floorY);
      rig.fitClipping(model.sphere.radius);
      applyCamera(sceneInfo, true);
      invalidateShadows();
      return {
        clips: clipFacts(gltf.animations),
        materials: [...model.materials.names],
        materialDefaults: model.materials.defaults(),
        dimensions: boxSize(model.bounds),
        triangles: countTriangles(model.root),
      } satisfies TModelFacts;
    },
    applyScene,
    applyMaterials(settings) {
      materialSettings = settings;
      model?.materials.apply(settings);
      invalidate();
    },
    resetMaterials() {
      materialSettings = [];
      model?.materials.reset();
      invalidate();
    },
    setAnnotations(annotations) {
      markers.set(annotations);
      invalidate();
    },
    focusAnnotation(id, animate) {
      const annotation = markers.find(id);
      if (!annotation) return;
      const point: TVec3 = [annotation.marker.posx, annotation.marker.posy, annotation.marker.posz];
      const current = rig.getView();
      const { axis } = annotation;
      // From the owner's saved view, else along the surface, else from where the visitor stands.
      const from = (a: TVec3, b: TVec3): TVec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
      const away: TVec3 = axis
        ? from(axis.position, axis.target)
        : (annotation.normal ?? from(current.position, point));
      // Never closer than the whole model allows: on a phone a close-up fills the screen with
      // surface, and the visitor loses both the model and the point.
      const sphere = model?.sphere;
      const whole = sphere
        ? sphereWithPoint([sphere.center.x, sphere.center.y, sphere.center.z], sphere.radius, point)
        : { center: point, radius: 1 };
      const fov = axis?.fov ?? current.fov;
      rig.setView(frameSphere(whole.center, whole.radius, away, fov, camera.aspect, area()), animate);
    },
    getCameraView: () => rig.getView(),
    setCameraView(next, animate) {
      rig.setView(next, animate);
    },
    frameModel(animate) {
      const next = framedView();
      if (next) rig.setView(next, animate);
    },
    pick(x, y): TPickHit | null {
      if (!model || size.width === 0 || size.height === 0) return null;
      ndc.set((x / size.width) * 2 - 1, -(y / size.height) * 2 + 1);
      raycaster.setFromCamera(ndc, camera);
      const hit = raycaster.intersectObject(model.root, true).find((h) => h.face);
      if (!hit?.face) return null;
      normalMatrix.getNormalMatrix(hit.object.matrixWorld);
      const normal = hit.face.normal.clone().applyMatrix3(normalMatrix).normalize();
      if (normal.dot(raycaster.ray.direction) > 0) normal.negate();
      return {
        position: [hit.point.x, hit.point.y, hit.point.z],
        normal: [normal.x, normal.y, normal.z],
      };
    },
    playClip(name, loop) {
      const isPlaying = model?.motion.play(name, loop) ?? false;
      invalidateShadows();
      return isPlaying;
    },
    pause() {
      model?.motion.pause();
      invalidate();
    },
    resume() {
      model?.motion.resume();
      invalidate();
    },
    stop() {
      model?.motion.stop();
      invalidateShadows();
    },
    get motion() {
      return model?.motion.state ?? null;
    },
    capture({ width, height, type = "image/webp", quality = 0.9 }) {
      if (isDisposed) return Promise.reject(abortError());
      background.fit(width / height);
      syncEnvironment();
      return captureFrame(renderer, scene, camera, { width, height }, { type, quality }, () => {
        setSize(size.width, size.height, size.pixelRatio);
        draw();
      });
    },
    setAutoRotate(isOn) {
      rig.setAutoRotate(isOn);
    },
    setViewInsets(next) {
      insets = { ...next };
    },
    setSize,
    invalidate,
    dispose() {
      if (isDisposed) return;
      isDisposed = true;
      loadToken++;
      if (frameId) host.cancelFrame(frameId);
      frameId = 0;
      rig.dispose();
      markers.dispose();
      unload();
      environments.dispose();
      background.dispose();
      lighting.dispose();
      loader.dispose();
      renderer.dispose();
      renderer.forceContextLoss();
    },
  };
  applyScene(sceneInfo);
  return engine;
}
