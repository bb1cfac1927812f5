/** The scene background: a solid colour, a two-colour vertical gradient, or an image that covers the view. */
import type { TSceneInfo } from "@vitrine/contract";
import {
  CanvasTexture,
  Color,
  ImageBitmapLoader,
  LinearFilter,
  type Scene,
  SRGBColorSpace,
  Texture,
  TextureLoader,
} from "three";
import { coverTransform, gradientColors } from "./scene-math";

/** Owns the background texture of one scene. */
export interface TBackground {
  apply(background: TSceneInfo["background"]): void;
  /** Re-fits an image background after the view's aspect changed. */
  fit(viewAspect: number): void;
  dispose(): void;
}

/** A small 2D canvas, in the page or (without a document) in a worker. */
function smallCanvas(width: number, height: number): HTMLCanvasElement | OffscreenCanvas {
  if (typeof document === "undefined") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function gradientTexture(top: string, bottom: string): Texture | null {
  const canvas = smallCanvas(2, 256);
  const ctx = canvas.getContext("2d");
  if (!ctx) return null;
  const gradient = ctx.createLinearGradient(0, 0, 0, canvas.height);
  gradient.addColorStop(0, top);
  gradient.addColorStop(1, bottom);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  texture.magFilter = LinearFilter;
  return texture;
}

/**
 * Loads an image texture: through an `<img>` in the page, through `createImageBitmap` in a worker
 * (which has no DOM); the bitmap is decoded upright, so it is not flipped again on upload.
 */
function loadImage(url: string, onLoad: (texture: Texture) => void): void {
  if (typeof document !== "undefined") {
    new TextureLoader().load(url, onLoad);
    return;
  }
  const loader = new ImageBitmapLoader();
  loader.setOptions({ imageOrientation: "flipY" });
  loader.load(url, (bitmap) => {
    const texture = new Texture(bitmap);
    texture.flipY = false;
    texture.needsUpdate = true;
    onLoad(texture);
  });
}

/** Makes the background controller; `onReady` asks for a frame when an image arrives. */
export function createBackground(scene: Scene, onReady: () => void): TBackground {
  let texture: Texture | null = null;
  let key = "";
  let viewAspect = 1;
  let imageAspect = 0;

  const setTexture = (next: Texture | null) => {
    if (texture && texture !== next) texture.dispose();
    texture = next;
  };

  const fitImage = () => {
    if (!texture || imageAspect === 0) return;
    const { repeat, offset } = coverTransform(imageAspect, viewAspect);
    texture.repeat.set(repeat[0], repeat[1]);
    texture.offset.set(offset[0], offset[1]);
  };

  return {
    apply(background) {
      const nextKey = JSON.stringify(background);
      if (nextKey === key) return;
      key = nextKey;
      imageAspect = 0;
      if (background.type === "image" && background.image) {
        // The solid colour shows until the image has loaded (or if it fails).
        setTexture(null);
        scene.background = new Color(background.color);
        const wanted = key;
        loadImage(background.image, (loaded) => {
          if (wanted !== key) {
            loaded.dispose();
            return;
          }
          loaded.colorSpace = SRGBColorSpace;
          const image = loaded.image as { width?: number; height?: number };
          imageAspect = image.width && image.height ? image.width / image.height : 1;
          setTexture(loaded);
          fitImage();
          scene.background = loaded;
          onReady();
        });
        return;
      }
      if (background.type === "gradient") {
        const { top, bottom } = gradientColors(background);
        const next = gradientTexture(top, bottom);
        setTexture(next);
        scene.background = next ?? new Color(top);
        return;
      }
      setTexture(null);
      scene.background = new Color(background.color);
    },
    fit(aspect) {
      viewAspect = aspect;
      fitImage();
    },
    dispose() {
      setTexture(null);
      scene.background = null;
    },
  };
}
