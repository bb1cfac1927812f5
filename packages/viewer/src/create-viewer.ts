/**
 * `createViewer`: one WebGL canvas in a container, drawn on demand. Everything that changes per
 * frame (camera, motion, markers) lives here, never in the host framework's state.
 */
import type { TAnnotation, TCameraView, TMaterialSetting, TSceneInfo, TVec3 } from "@vitrine/contract";
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
import { createEnvironmentCache } from "./environment";
import { boxSize, clipFacts, countTriangles, modelBounds } from "./facts";
import { createLighting } from "./lighting";
import { createMarkerLayer } from "./markers";
import { createMaterialRegistry, type TMaterialRegistry } from "./materials";
import { createModelLoader } from "./model-loader";
import { createMotion, type TMotion } from "./motion";
import { toneMappingFor } from "./scene-math";
import { ensureStyles } from "./styles";
import type { TModelFacts, TPickHit, TViewer, TViewerOptions } from "./types";

interface TLoaded {
  gltf: GLTF;
  root: Object3D;
  materials: TMaterialRegistry;
  motion: TMotion;
  bounds: Box3;
  sphere: Sphere;
}

function abortError(): Error {
  const error = new Error("The load was replaced by a newer one or the viewer was closed.");
  error.name = "AbortError";
  return error;
}

/**
 * Creates the engine inside `container` (which gets a canvas and a marker overlay). Throws when
 * WebGL is unavailable; check `hasWebGL()` first to explain that to the visitor.
 */
export function createViewer(container: HTMLElement, options: TViewerOptions = {}): TViewer {
  const doc = container.ownerDocument;
  const view = doc.defaultView ?? window;
  const pixelRatioCap = options.pixelRatioCap ?? 2;
  ensureStyles(container);
  container.classList.add("vt-root");
  if (view.getComputedStyle(container).position === "static") container.style.position = "relative";

  const renderer = new WebGLRenderer({ antialias: true, alpha: false });
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = VSMShadowMap;
  // Shadows only change with the model, its pose or the light, not when the camera orbits.
  renderer.shadowMap.autoUpdate = false;
  renderer.setClearColor(new Color(options.background ?? FALLBACK_SCENE.background.color));
  const canvas = renderer.domElement;
  canvas.classList.add("vt-canvas");
  container.prepend(canvas);

  const scene = new Scene();
  if (options.background) scene.background = new Color(options.background);
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
  const clipEndListeners = new Set<(name: string) => void>();

  const invalidate = () => {
    if (isDisposed || frameId !== 0) return;
    frameId = view.requestAnimationFrame(tick);
  };
  /** Asks for a frame that also redraws the shadow map. */
  const invalidateShadows = () => {
    renderer.shadowMap.needsUpdate = true;
    invalidate();
  };
  const rig = createCameraRig(canvas, () => {
    isCameraMoved = true;
    invalidate();
  });
  const { camera } = rig;
  const environments = createEnvironmentCache(renderer);
  const background = createBackground(scene, invalidate);
  const lighting = createLighting(scene);
  const markers = createMarkerLayer(container);
  const loader = createModelLoader(options.dracoDecoderPath ?? "/decoders/draco/");
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
    const { width, height } = canvas.getBoundingClientRect();
    markers.update({
      camera,
      cameraPosition: [camera.position.x, camera.position.y, camera.position.z],
      width,
      height,
      isOccluded,
    });
    if (isCameraMoved) {
      isCameraMoved = false;
      options.onChange?.(rig.getView());
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

  const resize = () => {
    const width = container.clientWidth;
    const height = container.clientHeight;
    if (width === 0 || height === 0) return;
    renderer.setPixelRatio(Math.min(view.devicePixelRatio || 1, pixelRatioCap));
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    background.fit(width / height);
    invalidate();
  };
  const observer = new ResizeObserver(() => resize());
  observer.observe(container);
  resize();

  /** The part of the view the host leaves free, in device coordinates. */
  const area = () => freeArea(insets, container.clientWidth, container.clientHeight);

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
      for (const listener of clipEndListeners) listener(name);
      invalidate();
    });
    return { gltf, root, materials, motion, bounds, sphere };
  };

  const viewer: TViewer = {
    canvas,
    async load(url, loadOptions = {}) {
      const token = ++loadToken;
      const gltf = await loader.load(url, loadOptions.onProgress);
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
    applyBuild(build) {
      applyScene(build.sceneinfo);
      viewer.applyMaterials(build.materialinfo);
      viewer.setAnnotations(build.annotationinfo);
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
    setAnnotations(annotations: readonly TAnnotation[]) {
      markers.set(annotations);
      invalidate();
    },
    setActiveAnnotation(id) {
      markers.setActive(id);
    },
    onAnnotationClick(listener) {
      return markers.onClick(listener);
    },
    focusAnnotation(id, focusOptions = {}) {
      const annotation = markers.find(id);
      if (!annotation) return;
      const animate = focusOptions.animate ?? true;
      markers.setActive(id);
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
    setCameraView(next, setOptions = {}) {
      rig.setView(next, setOptions.animate ?? false);
    },
    frameModel(frameOptions = {}) {
      const next = framedView();
      if (next) rig.setView(next, frameOptions.animate ?? false);
    },
    pick(clientX, clientY): TPickHit | null {
      if (!model) return null;
      const rect = canvas.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) return null;
      ndc.set(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
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
    playClip(name, playOptions = {}) {
      const isPlaying = model?.motion.play(name, playOptions.loop ?? false) ?? false;
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
    onClipEnd(listener) {
      clipEndListeners.add(listener);
      return () => clipEndListeners.delete(listener);
    },
    capture({ width, height, type = "image/webp", quality = 0.9 }) {
      if (isDisposed) return Promise.reject(abortError());
      background.fit(width / height);
      syncEnvironment();
      return captureFrame(renderer, scene, camera, { width, height }, { type, quality }, () => {
        resize();
        draw();
      });
    },
    setAutoRotate(isOn) {
      rig.setAutoRotate(isOn);
    },
    setViewInsets(next) {
      insets = { ...next };
    },
    setCoveredAreas(rects) {
      markers.setCovered(rects);
      invalidate();
    },
    resize,
    invalidate,
    dispose() {
      if (isDisposed) return;
      isDisposed = true;
      loadToken++;
      if (frameId) view.cancelAnimationFrame(frameId);
      frameId = 0;
      observer.disconnect();
      rig.dispose();
      markers.dispose();
      unload();
      clipEndListeners.clear();
      environments.dispose();
      background.dispose();
      lighting.dispose();
      loader.dispose();
      renderer.dispose();
      renderer.forceContextLoss();
      canvas.remove();
      container.classList.remove("vt-root");
    },
  };
  applyScene(sceneInfo);
  return viewer;
}
