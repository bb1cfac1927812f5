/**
 * The 3D content's schemas (issue 4): camera views, annotations, motion steps, materials and
 * scene (the build data), the specification, the optimisation report and model facts, processing
 * progress, and the owner's document. The calls are in `content.ts`.
 */
import { z } from "zod";

/** A 3D point or direction. */
export const ZVec3 = z.tuple([z.number().finite(), z.number().finite(), z.number().finite()]);
/** A point. */
export type TVec3 = z.infer<typeof ZVec3>;

/** A camera view: where the camera is and what it looks at (the spec's `axis`). */
export const ZCameraView = z
  .object({ position: ZVec3, target: ZVec3, fov: z.number().min(10).max(100).default(45) })
  .strict();
/** A camera view. */
export type TCameraView = z.infer<typeof ZCameraView>;

/** URL of a blob we serve (`/blobs/<key>`); never an outside address. */
export const ZBlobUrl = z
  .string()
  .regex(/^\/blobs\/[a-z0-9][a-z0-9._-]{0,200}$/i, { message: "Invalid file reference." });

/** Longest annotation title. */
export const ANNOTATION_TITLE_MAX = 100;
/** Longest annotation or step text. */
export const ANNOTATION_CONTENT_MAX = 2000;

/** An annotation (SPEC §3 annotationinfo): a numbered marker on the model with text and media. */
export const ZAnnotation = z
  .object({
    annotation_id: z.string().min(1).max(64),
    title: z.string().trim().min(1, "Please enter a title.").max(ANNOTATION_TITLE_MAX),
    content: z.string().max(ANNOTATION_CONTENT_MAX).default(""),
    /** The camera view to fly to when the annotation opens; null keeps the current view. */
    axis: ZCameraView.nullable().default(null),
    images: z.array(ZBlobUrl).max(10).default([]),
    videos: z.array(ZBlobUrl).max(3).default([]),
    marker: z
      .object({
        posx: z.number().finite(),
        posy: z.number().finite(),
        posz: z.number().finite(),
        number: z.number().int().min(1).max(999),
      })
      .strict(),
    /** Surface normal at the marker, used to hide markers facing away. */
    normal: ZVec3.nullable().default(null),
  })
  .strict();
/** An annotation. */
export type TAnnotation = z.infer<typeof ZAnnotation>;

/** A motion step (SPEC §3 animationinfo): plays the model's clip `match_aniname` with its text. */
export const ZAnimationStep = z
  .object({
    animation_id: z.string().min(1).max(64),
    title: z.string().trim().min(1, "Please enter a title.").max(ANNOTATION_TITLE_MAX),
    content: z.string().max(ANNOTATION_CONTENT_MAX).default(""),
    match_aniname: z.string().min(1).max(200),
    images: z.array(ZBlobUrl).max(10).default([]),
  })
  .strict();
/** A motion step. */
export type TAnimationStep = z.infer<typeof ZAnimationStep>;

/** Material settings for one material of the model (SPEC §3 materialinfo); opacity is fixed at 1. */
export const ZMaterialSetting = z
  .object({
    /** The material's name in the model (or `#<index>` when it has none). */
    material: z.string().min(1).max(200),
    /** Base colour tint, `#rrggbb`. */
    tone: z.string().regex(/^#[0-9a-f]{6}$/i),
    /** Brightness multiplier of the base colour. */
    tone_exposure: z.number().min(0).max(4),
    metalness: z.number().min(0).max(1),
    roughness: z.number().min(0).max(1),
    /** Strength of environment reflections. */
    env_reflection: z.number().min(0).max(4),
    opacity: z.literal(1),
  })
  .strict();
/** Material settings. */
export type TMaterialSetting = z.infer<typeof ZMaterialSetting>;

/** Environment lighting presets the viewer ships (generated in code, no downloads). */
export const ENVIRONMENT_PRESETS = ["studio", "neutral", "warm", "cool", "none"] as const;
/** Tone mappings. */
export const TONE_MAPPINGS = ["aces", "agx", "neutral", "linear"] as const;

/** Scene settings (SPEC §3 sceneinfo; inner fields are our decision). */
export const ZSceneInfo = z
  .object({
    background: z
      .object({
        type: z.enum(["color", "gradient", "image"]),
        color: z.string().regex(/^#[0-9a-f]{6}$/i),
        color2: z.string().regex(/^#[0-9a-f]{6}$/i),
        image: ZBlobUrl.nullable(),
      })
      .strict(),
    environment: z
      .object({ preset: z.enum(ENVIRONMENT_PRESETS), intensity: z.number().min(0).max(4) })
      .strict(),
    key_light: z
      .object({
        /** Degrees around the model, 0 = front. */
        azimuth: z.number().min(-180).max(180),
        /** Degrees above the horizon. */
        elevation: z.number().min(-90).max(90),
        intensity: z.number().min(0).max(10),
        color: z.string().regex(/^#[0-9a-f]{6}$/i),
      })
      .strict(),
    shadows: z.object({ enabled: z.boolean(), opacity: z.number().min(0).max(1) }).strict(),
    tone_mapping: z.enum(TONE_MAPPINGS),
    exposure: z.number().min(0).max(4),
    /** The initial camera view; null frames the whole model. */
    camera: ZCameraView.nullable(),
    auto_rotate: z.boolean(),
  })
  .strict();
/** Scene settings. */
export type TSceneInfo = z.infer<typeof ZSceneInfo>;

/**
 * The scene a new content starts with: true product colours (issue 17). The studio room at 1 lights
 * a product as `<model-viewer>`'s default does; the key light starts off, its direction still
 * placing the ground shadow.
 */
export const DEFAULT_SCENE: TSceneInfo = {
  background: { type: "gradient", color: "#f4f6fb", color2: "#dfe4ee", image: null },
  environment: { preset: "studio", intensity: 1 },
  key_light: { azimuth: 35, elevation: 45, intensity: 0, color: "#ffffff" },
  shadows: { enabled: true, opacity: 0.4 },
  tone_mapping: "neutral",
  exposure: 1,
  camera: null,
  auto_rotate: false,
};

/** A content's build data: everything the viewer applies on top of the model. */
export const ZBuild = z
  .object({
    annotationinfo: z.array(ZAnnotation).max(100),
    animationinfo: z.array(ZAnimationStep).max(100),
    materialinfo: z.array(ZMaterialSetting).max(200),
    sceneinfo: ZSceneInfo,
  })
  .strict();
/** Build data. */
export type TBuild = z.infer<typeof ZBuild>;

/** Product specification: an ordered list of images and optional link buttons. */
export const ZSpecification = z
  .object({
    images: z.array(ZBlobUrl).max(30),
    homepage_url: z.url({ protocol: /^https?$/ }).nullable(),
    purchase_url: z.url({ protocol: /^https?$/ }).nullable(),
  })
  .strict();
/** Specification. */
export type TSpecification = z.infer<typeof ZSpecification>;

/** Processing states of a content's model. */
export const CONTENT_STATUSES = ["processing", "ready", "failed"] as const;

/** What simplification did: reduced, tried and left (it would show), nothing to reduce, or not tried. */
export const SIMPLIFY_RESULTS = ["applied", "kept", "none", "skipped"] as const;

/**
 * What the pipeline repairs instead of refusing (issue 29), each a fault that three.js, Babylon
 * and `<model-viewer>` draw past: joint weights that do not add up to 1, joint indices outside the
 * skin or repeated, normals and tangents not of unit length, rotations not of unit length, vertex
 * colours outside 0–1, keyframe times out of order, a clip's second channel for one target,
 * values that are not numbers, triangles pointing at missing vertices, the file's data layout
 * (strides, declared bounds), and optional extensions no viewer needs (left out).
 */
export const REPAIR_KINDS = [
  "weights",
  "joints",
  "normals",
  "tangents",
  "rotations",
  "colors",
  "keyframes",
  "channels",
  "numbers",
  "indices",
  "layout",
  "extensions",
] as const;

/** One kind of repair and how many items (vertices, keyframes, triangles…) it changed. */
export const ZModelRepair = z.object({
  kind: z.enum(REPAIR_KINDS),
  count: z.number().int().min(1),
  /** The extensions left out (`extensions` only). */
  names: z.array(z.string().max(100)).max(10).optional(),
});
/** A repair. */
export type TModelRepair = z.infer<typeof ZModelRepair>;

/**
 * The optimisation report (issue 16): what processing did to the uploaded model, in figures the
 * studio shows the owner. Contents processed before it existed have none.
 */
export const ZOptimizationReport = z.object({
  /** Triangles of the uploaded model and of the served one. */
  triangles_before: z.number().int().min(0),
  triangles_after: z.number().int().min(0),
  simplify: z.enum(SIMPLIFY_RESULTS),
  /**
   * How close the simplified model draws to the original (PSNR in dB over the same view; above
   * 45 dB no difference shows), when simplification was tried.
   */
  fidelity_db: z.number().nullable(),
  /** Draw calls (mesh primitives drawn) before and after instancing, flattening and joining. */
  draw_calls_before: z.number().int().min(0),
  draw_calls_after: z.number().int().min(0),
  /** Texture images: how many, and their bytes before and after conversion to WebP. */
  textures: z.object({
    count: z.number().int().min(0),
    bytes_before: z.number().int().min(0),
    bytes_after: z.number().int().min(0),
    format: z.literal("webp"),
    max_size: z.number().int().min(1),
    /** WebP qualities chosen per image by the perceptual check, and the lowest SSIM kept. */
    quality_min: z.number().int().min(1).max(100).optional(),
    quality_max: z.number().int().min(1).max(100).optional(),
    ssim_min: z.number().min(0).max(1).optional(),
  }),
  /**
   * How the geometry is compressed (decoded in the visitor's browser): meshopt, or Draco when it
   * makes the download clearly smaller even counting its decoder, which visitors fetch on demand,
   * or only quantized (nothing to decode) when the model has so little geometry that this file is
   * the smallest.
   */
  geometry: z.enum(["meshopt", "draco", "quantized"]),
  /** What was repaired in the upload (absent or empty: nothing needed it). */
  repairs: z.array(ZModelRepair).max(REPAIR_KINDS.length).optional(),
  /**
   * Animated models: clips, and keyframes over every channel in the upload and in the served
   * model (repeated keyframes and channels that only hold a part at rest are removed; the motion
   * stays the same). Absent for models without animation and for reports made before it.
   */
  animation: z
    .object({
      clips: z.number().int().min(0),
      keyframes_before: z.number().int().min(0),
      keyframes_after: z.number().int().min(0),
    })
    .optional(),
});
/** An optimisation report. */
export type TOptimizationReport = z.infer<typeof ZOptimizationReport>;

/** Facts about the processed model, for the editor. */
export const ZModelInfo = z.object({
  clips: z.array(z.string()),
  materials: z.array(z.string()),
  /** Bounding-box size in model units (metres in glTF). */
  dimensions: ZVec3,
  triangles: z.number().int().min(0),
  original_bytes: z.number().int().min(0),
  optimized_bytes: z.number().int().min(0).nullable(),
  optimization: ZOptimizationReport.optional(),
});
/** Model facts. */
export type TModelInfo = z.infer<typeof ZModelInfo>;

/**
 * Steps of a model's processing, in order: waiting for a worker, reading the model, cleaning up
 * geometry, converting textures, drawing the thumbnail, compressing, storing.
 */
export const PROCESSING_STEPS = [
  "queued",
  "reading",
  "geometry",
  "textures",
  "thumbnail",
  "compressing",
  "saving",
] as const;
/** A processing step. */
export type TProcessingStep = (typeof PROCESSING_STEPS)[number];

/** Where a processing content is: its step and the share of the work done (0–100). */
export const ZProcessing = z.object({
  step: z.enum(PROCESSING_STEPS),
  percent: z.number().int().min(0).max(100),
});
/** Processing progress. */
export type TProcessing = z.infer<typeof ZProcessing>;

/** One content, as its owner sees it. */
export const ZContentDoc = z.object({
  content_id: z.string(),
  title: z.string(),
  status: z.enum(CONTENT_STATUSES),
  /** Why processing failed, in plain words; null unless failed. */
  failure_reason: z.string().nullable(),
  /** Step and percent while `processing`; null otherwise. */
  processing: ZProcessing.nullable(),
  is_public: z.boolean(),
  /** Marked by a super account as a produced model: motion steps are open (SPEC §1). */
  is_produced: z.boolean(),
  model_url: z.string().nullable(),
  original_url: z.string(),
  thumbnail_url: z.string().nullable(),
  build: ZBuild,
  specification: ZSpecification,
  model_info: ZModelInfo.nullable(),
  views: z.number().int().min(0),
  created_at: z.string(),
  updated_at: z.string(),
});
/** A content. */
export type TContentDoc = z.infer<typeof ZContentDoc>;

/** A content in the studio list. */
export const ZContentSummary = ZContentDoc.pick({
  content_id: true,
  title: true,
  status: true,
  processing: true,
  is_public: true,
  thumbnail_url: true,
  views: true,
  updated_at: true,
});
/** A list row. */
export type TContentSummary = z.infer<typeof ZContentSummary>;
