/** What the hall shows: plain data, so the page adapts whatever its calls answer to it. */

/** One dressed booth in a slot of the hall. */
export interface THallBooth {
  id: string;
  /** Index of the slot inside its aisle, from the entrance (0-based; even left, odd right). */
  slotIndex: number;
  /** Index of the aisle, from the left (0-based). */
  aisle: number;
  /** The booth's name on its fascia, blade sign and counter. */
  logoText: string;
  /** Booth colour, `#rrggbb`. */
  color: string;
  /** Images for the back wall (the first two are shown; jpg/png/webp, fetched with CORS). */
  imageUrls: string[];
  /** The hero product's poster (thumbnail), shown portrait on the back wall. */
  heroPosterUrl?: string | null;
  category?: string | null;
}

/** The hall's floor plan: aisles side by side, each lined with booth slots on both sides. */
export interface THallLayout {
  aisles: number;
  slotsPerAisle: number;
}

/** The hall's words, in the page's language (the page translates; the engine has none). */
export interface THallLabels {
  /** Accessible name of the hall, e.g. "3D hall of Seoul Expo". */
  hall: string;
  /** How to move, read by screen readers with the hall's name. */
  help: string;
  /** "Aisle {n}" with `{n}` filled by a letter. */
  aisle: string;
  /** "In front of you: {name}. Press Enter to open the booth." */
  facing: string;
  /** The button that opens the booth in front of the visitor: "Enter {name}". */
  enter: string;
  joystick: string;
  minimap: string;
  /** A free slot's floor sign. */
  freeSlot: string;
}

/** What the renderer drew last and what it holds (its own counters). */
export interface THallStats {
  /** Triangles of the last frame (`renderer.info.render.triangles`). */
  triangles: number;
  /** Draw calls of the last frame (`renderer.info.render.calls`). */
  calls: number;
  frames: number;
  pixelRatio: number;
  /** Frames per second cap (60, or 30 once the device proved slow). */
  fpsCap: number;
  imagesLoaded: number;
  imagesFailed: number;
  /** Image bytes fetched (the files, before decoding). */
  imageBytes: number;
  /** Bytes of texture memory uploaded (RGBA, without mipmaps). */
  textureBytes: number;
  textures: number;
}

export interface THallOptions {
  /** Exhibition name for the signage. */
  name: string;
  layout: THallLayout;
  booths: THallBooth[];
  labels: THallLabels;
  /** Theme colour of the exhibition (`#rrggbb`): carpets and banners. */
  themeColor?: string | null;
  /** Called when the visitor opens a booth (click on a booth in front, Enter, the enter button). */
  onEnterBooth: (boothId: string) => void;
  /** Called once, after the first frame is on screen. */
  onFirstFrame?: () => void;
  /** Upper bound of the device pixel ratio (default 2; phones start at 1.5). */
  maxPixelRatio?: number;
}

export interface THall {
  /** Glides to stand in front of the booth, looking at it. False when the booth is not in the hall. */
  flyTo(boothId: string): boolean;
  /** The booth the visitor stands in front of, if any. */
  facingBooth(): string | null;
  stats(): THallStats;
  /** Renders one frame now (tests, screenshots). */
  renderNow(): void;
  dispose(): void;
}
