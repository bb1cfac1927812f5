import type { TAnnotation, TVec3 } from "@vitrine/contract";
import { PerspectiveCamera } from "three";
import { afterEach, describe, expect, it } from "vitest";
import { createMarkerLayer } from "./marker-layer";
import { createMarkerTracker, type TMarkerFrame } from "./markers";

function annotation(id: string, number: number, pos: TVec3, normal: TVec3 | null): TAnnotation {
  return {
    annotation_id: id,
    title: `Part ${number}`,
    content: "",
    axis: null,
    images: [],
    videos: [],
    marker: { posx: pos[0], posy: pos[1], posz: pos[2], number },
    normal,
  };
}

function frame(isOccluded: (p: TVec3) => boolean = () => false): TMarkerFrame {
  const camera = new PerspectiveCamera(45, 2, 0.1, 100);
  camera.position.set(0, 0, 5);
  camera.lookAt(0, 0, 0);
  camera.updateMatrixWorld(true);
  return { camera, cameraPosition: [0, 0, 5], width: 400, height: 200, isOccluded };
}

/** The tracker feeding the layer, as the engine and the page do (in one thread or two). */
function markers(container: HTMLElement) {
  const layer = createMarkerLayer(container);
  const tracker = createMarkerTracker((spots) => layer.place(spots));
  return {
    set(annotations: TAnnotation[]) {
      layer.set(annotations);
      tracker.set(annotations);
    },
    update: (f: TMarkerFrame) => tracker.update(f),
    setActive: (id: string | null) => layer.setActive(id),
    setCovered: layer.setCovered,
    onClick: layer.onClick,
    dispose() {
      tracker.dispose();
      layer.dispose();
    },
  };
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("annotation markers", () => {
  it("shows numbered buttons named by their numbers and titles at their projected positions", () => {
    const layer = markers(document.body.appendChild(document.createElement("div")));
    layer.set([annotation("a", 1, [0, 0, 1], [0, 0, 1])]);
    layer.update(frame());
    const button = document.querySelector("button");
    expect(button?.textContent).toBe("1");
    expect(button?.getAttribute("aria-label")).toBe("1. Part 1");
    expect(button?.classList.contains("is-hidden")).toBe(false);
    expect(button?.style.transform).toBe("translate(200.0px, 100.0px)");
    layer.dispose();
  });

  it("hides a marker facing away or behind the model and takes it out of the tab order", () => {
    const layer = markers(document.body.appendChild(document.createElement("div")));
    layer.set([
      annotation("back", 1, [0, 0, -1], [0, 0, -1]),
      annotation("hidden", 2, [0.5, 0, 0], [0, 0, 1]),
    ]);
    layer.update(frame((p) => p[0] === 0.5));
    const [back, hidden] = [...document.querySelectorAll("button")];
    expect(back?.classList.contains("is-hidden")).toBe(true);
    expect(hidden?.classList.contains("is-hidden")).toBe(true);
    expect(hidden?.tabIndex).toBe(-1);
    layer.dispose();
  });

  it("tells listeners which annotation was clicked and marks the active one", () => {
    const layer = markers(document.body.appendChild(document.createElement("div")));
    const clicked: string[] = [];
    layer.onClick((id) => clicked.push(id));
    layer.set([annotation("a", 1, [0, 0, 1], null), annotation("b", 2, [0.2, 0, 1], null)]);
    layer.update(frame());
    document.querySelectorAll("button")[1]?.click();
    expect(clicked).toEqual(["b"]);
    layer.setActive("b");
    expect(document.querySelectorAll("button.is-active")).toHaveLength(1);
    expect(document.querySelector("button.is-active")?.textContent).toBe("2");
    layer.dispose();
    expect(document.querySelector("button")).toBeNull();
  });

  it("shows the open marker while the camera flies to it, even facing away or behind the model", () => {
    const layer = markers(document.body.appendChild(document.createElement("div")));
    layer.set([
      annotation("back", 1, [0, 0, -1], [0, 0, -1]),
      annotation("other", 2, [0.5, 0, -1], [0, 0, -1]),
    ]);
    layer.update(frame());
    const [back, other] = [...document.querySelectorAll("button")];
    expect(back?.classList.contains("is-hidden")).toBe(true);
    layer.setActive("back");
    // At once, before the next frame is drawn.
    expect(back?.classList.contains("is-hidden")).toBe(false);
    expect(back?.classList.contains("is-behind")).toBe(true);
    expect(back?.tabIndex).toBe(0);
    expect(other?.classList.contains("is-hidden")).toBe(true);
    layer.setActive(null);
    expect(back?.classList.contains("is-hidden")).toBe(true);
    layer.dispose();
  });

  it("hides markers under the host's controls", () => {
    const layer = markers(document.body.appendChild(document.createElement("div")));
    // Projected at (200, 100) and (200 + ~48, 100) on the 400×200 view.
    layer.set([annotation("a", 1, [0, 0, 1], null), annotation("b", 2, [0.5, 0, 1], null)]);
    layer.update(frame());
    layer.setCovered([{ left: 150, top: 80, right: 210, bottom: 120 }]);
    const [a, b] = [...document.querySelectorAll("button")];
    expect(a?.classList.contains("is-hidden")).toBe(true);
    expect(b?.classList.contains("is-hidden")).toBe(false);
    layer.setActive("a");
    expect(a?.classList.contains("is-hidden")).toBe(true);
    layer.setCovered([]);
    expect(a?.classList.contains("is-hidden")).toBe(false);
    layer.dispose();
  });
});
