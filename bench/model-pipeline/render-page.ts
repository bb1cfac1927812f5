/**
 * The bench's render page (bundled with esbuild, run in headless Chromium): renders a model
 * with a fixed camera and fixed lights, and answers the canvas as a PNG data URL with the clips
 * three.js found (name and duration). Both the original and each optimised model are drawn with
 * the camera framed on the original's bounds. Draco (the app's decoder), meshopt and KTX2
 * (three.js's Basis transcoder) files open; each model is disposed after its drawing.
 */
import * as THREE from "three";
import { RoomEnvironment } from "three/examples/jsm/environments/RoomEnvironment.js";
import { MeshoptDecoder } from "three/examples/jsm/libs/meshopt_decoder.module.js";
import { DRACOLoader } from "three/examples/jsm/loaders/DRACOLoader.js";
import { GLTFLoader } from "three/examples/jsm/loaders/GLTFLoader.js";
import { KTX2Loader } from "three/examples/jsm/loaders/KTX2Loader.js";

/** A camera framing, computed once from the original model. */
interface TFrame {
  center: [number, number, number];
  radius: number;
}

const SIZE = 512;
const renderer = new THREE.WebGLRenderer({ antialias: false, preserveDrawingBuffer: true });
renderer.setPixelRatio(1);
renderer.setSize(SIZE, SIZE);
renderer.toneMapping = THREE.ACESFilmicToneMapping;
document.body.appendChild(renderer.domElement);

// Draco files (the pipeline's for large models) decode with the decoder the app serves.
const loader = new GLTFLoader()
  .setMeshoptDecoder(MeshoptDecoder)
  .setDRACOLoader(new DRACOLoader().setDecoderPath("/draco/"))
  .setKTX2Loader(new KTX2Loader().setTranscoderPath("/basis/").detectSupport(renderer));
// Metallic materials reflect their surroundings; without an environment they render black.
const environment = new THREE.PMREMGenerator(renderer).fromScene(new RoomEnvironment(), 0.04).texture;

interface TClip {
  name: string;
  duration: number;
}

async function load(url: string): Promise<{ scene: THREE.Object3D; clips: TClip[] }> {
  const gltf = await loader.loadAsync(url);
  return {
    scene: gltf.scene,
    clips: gltf.animations.map((clip) => ({ name: clip.name, duration: clip.duration })),
  };
}

/** Frees what a drawn model holds on the GPU (the bench draws a few hundred models in one page). */
function dispose(object: THREE.Object3D): void {
  object.traverse((child) => {
    const mesh = child as THREE.Mesh;
    mesh.geometry?.dispose();
    const materials = Array.isArray(mesh.material) ? mesh.material : mesh.material ? [mesh.material] : [];
    for (const material of materials) {
      for (const value of Object.values(material)) {
        if (value instanceof THREE.Texture) value.dispose();
      }
      material.dispose();
    }
  });
}

function frameOf(object: THREE.Object3D): TFrame {
  const box = new THREE.Box3().setFromObject(object);
  const sphere = box.getBoundingSphere(new THREE.Sphere());
  return { center: sphere.center.toArray(), radius: sphere.radius };
}

async function render(
  url: string,
  frame: TFrame | null,
): Promise<{ png: string; frame: TFrame; openMs: number; clips: TClip[] }> {
  // Opened twice: the first warms the fetch cache and, for Draco, starts its decoder; the second
  // is the time to read and decode the file (meshopt or Draco) on this machine's CPU.
  dispose((await load(url)).scene);
  const started = performance.now();
  const { scene: model, clips } = await load(url);
  const openMs = performance.now() - started;
  const used = frame ?? frameOf(model);
  const scene = new THREE.Scene();
  scene.background = new THREE.Color("#e8ebf2");
  scene.environment = environment;
  scene.add(new THREE.HemisphereLight(0xffffff, 0x445566, 1.5));
  const key = new THREE.DirectionalLight(0xffffff, 2.5);
  key.position.set(1, 2, 1.5);
  scene.add(key);
  scene.add(model);
  const camera = new THREE.PerspectiveCamera(40, 1, used.radius / 100, used.radius * 100);
  const center = new THREE.Vector3(...used.center);
  const distance = used.radius / Math.sin(THREE.MathUtils.degToRad(20));
  camera.position.copy(center).add(new THREE.Vector3(0.6, 0.45, 0.8).normalize().multiplyScalar(distance));
  camera.lookAt(center);
  renderer.render(scene, camera);
  const png = renderer.domElement.toDataURL("image/png");
  dispose(model);
  return { png, frame: used, openMs, clips };
}

Object.assign(window, { benchRender: render });
