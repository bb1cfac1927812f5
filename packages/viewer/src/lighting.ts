/** The key light (a directional light placed by azimuth/elevation) and the shadow-catching ground. */
import type { TSceneInfo } from "@vitrine/contract";
import {
  DirectionalLight,
  HemisphereLight,
  Mesh,
  Object3D,
  PlaneGeometry,
  type Scene,
  ShadowMaterial,
  Sphere,
  Vector3,
} from "three";
import { lightDirection } from "./scene-math";

/** Lights and ground of one scene. */
export interface TLighting {
  /** Fits light distance, shadow camera and ground to the model's bounds. */
  fit(sphere: Sphere, floorY: number): void;
  apply(scene: TSceneInfo): void;
  dispose(): void;
}

/** Adds the key light, a fill used only without environment lighting, and the ground to `scene`. */
export function createLighting(scene: Scene): TLighting {
  const key = new DirectionalLight(0xffffff, 2);
  const target = new Object3D();
  key.target = target;
  // VSM blurs the whole map twice: 1024² with a 3-texel radius gives the same soft edge in world
  // units as 2048² with 6, for a quarter of the shadow pass (software WebGL: ~1 s less to first frame).
  key.shadow.mapSize.set(1024, 1024);
  key.shadow.radius = 3;
  key.shadow.blurSamples = 16;
  key.shadow.bias = -0.0005;
  key.shadow.normalBias = 0.02;
  // Without an environment the model would be black outside the key light.
  const fill = new HemisphereLight(0xffffff, 0x444444, 0.6);
  const groundMaterial = new ShadowMaterial({ opacity: 0.4, depthWrite: false });
  const ground = new Mesh(new PlaneGeometry(1, 1), groundMaterial);
  ground.rotation.x = -Math.PI / 2;
  ground.receiveShadow = true;
  ground.renderOrder = -1;
  ground.name = "vt-ground";
  scene.add(key, target, fill, ground);

  let bounds = new Sphere(new Vector3(), 1);
  let last: TSceneInfo | null = null;
  // Until a model is fitted there is nothing to cast a shadow: no ground, no shadow pass.
  let isFitted = false;

  const show = () => {
    if (!last) return;
    // Also at intensity 0 (the default): the ground shadow falls from the key light's direction.
    key.castShadow = isFitted && last.shadows.enabled && last.key_light.elevation > 0;
    ground.visible = isFitted && last.shadows.enabled;
  };

  const place = () => {
    if (!last) return;
    const { azimuth, elevation } = last.key_light;
    const radius = Math.max(bounds.radius, 1e-4);
    key.position.copy(bounds.center).addScaledVector(lightDirection(azimuth, elevation), radius * 3);
    target.position.copy(bounds.center);
    const cam = key.shadow.camera;
    // Low lights throw long shadows: widen the shadow box as the light drops.
    const spread = radius * (1.5 + 2 * Math.cos((Math.max(elevation, 5) * Math.PI) / 180));
    cam.left = -spread;
    cam.right = spread;
    cam.top = spread;
    cam.bottom = -spread;
    cam.near = radius * 0.1;
    cam.far = radius * 6;
    cam.updateProjectionMatrix();
  };

  return {
    fit(sphere, floorY) {
      bounds = sphere.clone();
      ground.position.set(sphere.center.x, floorY, sphere.center.z);
      ground.scale.setScalar(Math.max(sphere.radius, 1e-4) * 8);
      isFitted = true;
      show();
      place();
    },
    apply(info) {
      last = info;
      key.color.set(info.key_light.color);
      key.intensity = info.key_light.intensity;
      show();
      groundMaterial.opacity = info.shadows.opacity;
      fill.visible = info.environment.preset === "none";
      place();
    },
    dispose() {
      scene.remove(key, target, fill, ground);
      key.dispose();
      key.shadow.dispose();
      fill.dispose();
      ground.geometry.dispose();
      groundMaterial.dispose();
    },
  };
}
