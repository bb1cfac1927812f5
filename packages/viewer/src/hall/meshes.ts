/**
 * The hall's meshes: one lit structure and one mesh per texture page (signage and logos drawn
 * once; images shown as their pages arrive), in a scene fogged in the background's colour.
 */
import { Color, Mesh, MeshBasicMaterial, Scene } from "three";
import { BACKGROUND, type THallPlan } from "./build";
import { drawLogos, drawSignage, ImageLoader, makePage, type TPage } from "./textures";
import type { THallOptions } from "./types";

/** The scene with the structure, the signage and the logos, and their texture pages. */
export function dressHall(plan: THallPlan, anisotropy: number, options: THallOptions): [Scene, TPage[]] {
  const scene = new Scene();
  const background = new Color(BACKGROUND);
  scene.background = background;
  // A fog of our own shape: three's Fog class is the one piece of three the embed does not use
  // (the embed and the hall share one three.js chunk, and the embed's budget is tight).
  scene.fog = { isFog: true, name: "", color: background, near: 28, far: 95 } as unknown as Scene["fog"];
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
  return [scene, pages];
}

/**
 * Adds the image panels, hidden until their page exists, and the loader that fills the pages;
 * `onChange` runs whenever a page was created or changed, `onUpload` when a batch is to upload.
 */
export function showImages(
  scene: Scene,
  plan: THallPlan,
  anisotropy: number,
  onChange: () => void,
  onUpload: () => void,
): ImageLoader {
  const meshes = plan.imagePanels.map((panel) => {
    const mesh = new Mesh(panel.geometry(), new MeshBasicMaterial({ color: 0xffffff }));
    mesh.visible = false;
    scene.add(mesh);
    return mesh;
  });
  const loader = new ImageLoader(
    plan,
    anisotropy,
    (page, created) => {
      if (created) {
        const mesh = meshes[page];
        const p = loader.pages[page];
        if (mesh && p) {
          (mesh.material as MeshBasicMaterial).map = p.texture;
          (mesh.material as MeshBasicMaterial).needsUpdate = true;
          mesh.visible = true;
        }
      }
      onChange();
    },
    onUpload,
  );
  return loader;
}

/** Frees the pages' textures and every mesh's geometry and material. */
export function disposeScene(scene: Scene, pages: TPage[]): void {
  for (const p of pages) p.texture.dispose();
  scene.traverse((o) => {
    const m = o as Mesh;
    if (!m.isMesh) return;
    m.geometry.dispose();
    (m.material as MeshBasicMaterial).dispose();
  });
}
