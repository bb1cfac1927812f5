/**
 * The engine without the page: one WebGL canvas (an `HTMLCanvasElement` in the page, or an
 * `OffscreenCanvas` in a worker), drawn on demand. Everything that changes per frame (camera,
 * motion, marker spots) lives here; the host gives it a size, frames and pointer events, and
 * hears back camera moves, marker spots and clip ends. `createViewer` hosts it in the page;
 * `worker/engine-worker.ts` hosts it in a worker (`createWorkerViewer`).
 */
import type { TCameraView, TMaterialSetting, TSceneInfo, TVec3 } from "@vitrine/contract";
import { createCameraRig } from "./camera-rig";
import { freeArea, frontView, noteView, type TViewInsets } from "./camera-view";
import { captureFrame } from "./capture";
import { FALLBACK_SCENE } from "./default-scene";
import { disposeObject } from "./dispose-object";
import { createFrameLoop } from "./frame-loop";
import { installModel, modelFacts, removeModel, type TLoaded } from "./loaded-model";
import { createLook } from "./look";
import { createMarkerTracker } from "./markers";
import { createModelLoader } from "./model-loader";
import { createPicker } from "./picking";
import { createStage } from "./stage";

export type { TEngine, TEngineHost, TMotionState } from "./engine-types";

import type { TEngine, TEngineHost } from "./engine-types";

export function abortError(): Error {
  const error = new Error("The load was replaced by a newer one or the viewer was closed.");
  error.name = "AbortError";
  return error;
}

/** Creates the engine on `host.canvas`. Throws when WebGL is unavailable there. */
export function createEngine(host: TEngineHost): TEngine {
  const { renderer, scene, modelRoot } = createStage(host.canvas, host.background);

  let isCameraMoved = false;
  let isDisposed = false;
  let loadToken = 0;
  let model: TLoaded | null = null;
  let sceneInfo: TSceneInfo = FALLBACK_SCENE;
  let appliedCamera = "unset";
  let materialSettings: readonly TMaterialSetting[] = [];
  /** Edges of the view covered by the host's controls: framing keeps the model clear of them. */
  let insets: TViewInsets = { top: 0, right: 0, bottom: 0, left: 0 };
  let size = { width: 0, height: 0, pixelRatio: 1 };

  const loop = createFrameLoop(host, (now, delta) => {
    let isBusy = rig.step(now, delta);
    if (model?.motion.tick(delta)) {
      isBusy = true;
      renderer.shadowMap.needsUpdate = true;
    }
    draw();
    return isBusy;
  });
  const { invalidate } = loop;
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
  const look = createLook(renderer, scene, host.environmentSize, invalidate);
  const markers = createMarkerTracker(host.onSpots);
  const loader = createModelLoader(host.dracoDecoderPath);
  const picker = createPicker(camera);
  const isOccluded = (point: TVec3) =>
    model ? picker.isOccluded(model.root, model.sphere.radius, point) : false;

  const draw = () => {
    look.syncEnvironment();
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

  const setSize = (width: number, height: number, pixelRatio: number) => {
    if (width === 0 || height === 0) return;
    size = { width, height, pixelRatio };
    renderer.setPixelRatio(pixelRatio);
    renderer.setSize(width, height, false);
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    look.fitAspect(width / height);
    invalidate();
  };

  /** The part of the view the host leaves free, in device coordinates. */
  const area = () => freeArea(insets, size.width, size.height);

  /** The default view: the whole model from the front-right, slightly above, in the free area. */
  const framedView = (): TCameraView | null =>
    model
      ? frontView(model.sphere.center.toArray(), model.sphere.radius, camera.fov, camera.aspect, area())
      : null;

  const applyCamera = (info: TSceneInfo, isForced: boolean) => {
    const key = JSON.stringify(info.camera);
    if (!isForced && key === appliedCamera) return;
    appliedCamera = key;
    const next = info.camera ?? framedView();
    if (next) rig.setView(next, false);
  };

  const applyScene = (info: TSceneInfo) => {
    sceneInfo = info;
    look.apply(info);
    if (model) applyCamera(info, false);
    rig.setAutoRotate(info.auto_rotate);
    invalidateShadows();
  };

  const engine: TEngine = {
    async load(url, onProgress) {
      const token = ++loadToken;
      const gltf = await loader.load(url, onProgress);
      if (token !== loadToken || isDisposed) {
        disposeObject(gltf.scene);
        throw abortError();
      }
      removeModel(model, modelRoot);
      model = null;
      model = installModel(gltf, modelRoot, (name) => {
        host.onClipEnd(name);
        invalidate();
      });
      model.materials.apply(materialSettings);
      look.fitModel(model.sphere, model.bounds);
      rig.fitClipping(model.sphere.radius);
      applyCamera(sceneInfo, true);
      invalidateShadows();
      return modelFacts(model);
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
      const view = noteView(annotation, rig.getView(), model?.sphere ?? null, camera.aspect, area());
      rig.setView(view, animate);
    },
    getCameraView: () => rig.getView(),
    setCameraView: (next, animate) => rig.setView(next, animate),
    frameModel(animate) {
      const view = framedView();
      if (view) rig.setView(view, animate);
    },
    pick(x, y) {
      if (!model || size.width === 0 || size.height === 0) return null;
      return picker.pick(model.root, x, y, size.width, size.height);
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
      look.fitAspect(width / height);
      look.syncEnvironment();
      return captureFrame(renderer, scene, camera, { width, height }, { type, quality }, () => {
        setSize(size.width, size.height, size.pixelRatio);
        draw();
      });
    },
    setAutoRotate: (isOn) => rig.setAutoRotate(isOn),
    setViewInsets(next) {
      insets = { ...next };
    },
    setSize,
    invalidate,
    dispose() {
      if (isDisposed) return;
      isDisposed = true;
      loadToken++;
      loop.stop();
      rig.dispose();
      markers.dispose();
      removeModel(model, modelRoot);
      model = null;
      look.dispose();
      loader.dispose();
      renderer.dispose();
      renderer.forceContextLoss();
    },
  };
  applyScene(sceneInfo);
  return engine;
}
