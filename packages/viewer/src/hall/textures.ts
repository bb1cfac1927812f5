/**
 * Canvas pages behind the hall's textures: the signage page, logo pages, and image pages filled
 * lazily, nearest booths first, a few fetches at a time.
 */
import { CanvasTexture, SRGBColorSpace } from "three";
import { drawImageCell, drawLogoCell, drawPlaceholderCell, fitText, inkOn, tint } from "./atlas";
import { SIGN_FREE, SIGN_NAME, signAisle, type THallPlan, type TImageJob } from "./build";
import { aisleLetter } from "./layout";
import type { THallLabels } from "./types";

/** Booths whose images load: within this distance of the visitor (metres), nearest first. */
const LOAD_RADIUS = 30;

export interface TPage {
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D;
  texture: CanvasTexture;
}

export function makePage(width: number, height: number, anisotropy: number): TPage {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no 2d canvas");
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  texture.anisotropy = anisotropy;
  return { canvas, ctx, texture };
}

export function drawSignage(page: TPage, plan: THallPlan, name: string, labels: THallLabels): void {
  const { ctx } = page;
  const ink = inkOn(plan.theme);
  ctx.fillStyle = plan.theme;
  ctx.fillRect(SIGN_NAME.x, SIGN_NAME.y, SIGN_NAME.w, SIGN_NAME.h);
  ctx.fillStyle = ink;
  fitText(
    ctx,
    name.trim() || "Vitrine",
    { x: 40, y: SIGN_NAME.y + 10, w: SIGN_NAME.w - 80, h: SIGN_NAME.h - 20 },
    96,
    800,
  );
  ctx.fillStyle = "#cfc9c1";
  ctx.fillRect(SIGN_FREE.x, SIGN_FREE.y, SIGN_FREE.w, SIGN_FREE.h);
  ctx.fillStyle = "#6b655d";
  fitText(
    ctx,
    labels.freeSlot,
    { x: 16, y: SIGN_FREE.y + 6, w: SIGN_FREE.w - 32, h: SIGN_FREE.h - 12 },
    44,
    700,
  );
  for (let a = 0; a < Math.min(16, plan.layout.aisles); a++) {
    const r = signAisle(a);
    ctx.fillStyle = tint(plan.theme, 0.06);
    ctx.fillRect(r.x, r.y, r.w, r.h);
    ctx.fillStyle = ink;
    const word = labels.aisle.replace("{n}", "").trim();
    fitText(ctx, word, { x: r.x + 8, y: r.y + 8, w: r.w - 16, h: 30 }, 24, 600);
    fitText(ctx, aisleLetter(a), { x: r.x + 8, y: r.y + 36, w: r.w - 16, h: r.h - 44 }, 78, 800);
  }
  page.texture.needsUpdate = true;
}

export function drawLogos(pages: TPage[], plan: THallPlan): void {
  for (const placed of plan.booths) {
    const page = pages[placed.logoCell.page];
    if (page) drawLogoCell(page.ctx, placed.logoCell, placed.booth.logoText, placed.color);
  }
  for (const p of pages) p.texture.needsUpdate = true;
}

/** The booths whose images are due, by index: those within reach of the visitor, nearest first. */
function nearFirst(plan: THallPlan, at: { x: number; z: number }): number[] {
  return plan.booths
    .map((b, i) => ({ i, d: Math.hypot(b.pose.x - at.x, b.pose.z - at.z) }))
    .filter((e) => e.d <= LOAD_RADIUS)
    .sort((a, b) => a.d - b.d)
    .map((e) => e.i);
}

/**
 * Image pages: created when their first image is due, filled as images arrive, uploaded in
 * batches (a page re-uploads at most about five times a second).
 */
export class ImageLoader {
  readonly pages: (TPage | null)[];
  private readonly started = new Set<TImageJob>();
  private active = 0;
  loaded = 0;
  failed = 0;
  bytes = 0;
  private disposed = false;
  private readonly dirty = new Set<number>();
  private flushTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly plan: THallPlan,
    private readonly anisotropy: number,
    /** Called when a page was created (its mesh can show) or changed. */
    private readonly onChange: (page: number, created: boolean) => void,
    /** Called after a batch of changed pages was marked for upload. */
    private readonly onUpload: () => void,
    private readonly concurrency = 4,
  ) {
    this.pages = plan.imagePlan.pages.map(() => null);
  }

  private page(index: number): TPage {
    const existing = this.pages[index];
    if (existing) return existing;
    const size = this.plan.imagePlan.pages[index] ?? { width: 1024, height: 1024 };
    const page = makePage(size.width, size.height, this.anisotropy);
    for (const job of this.plan.imageJobs) {
      if (job.cell.page !== index) continue;
      drawPlaceholderCell(page.ctx, job.cell, this.plan.booths[job.booth]?.color ?? "#888888");
    }
    this.pages[index] = page;
    this.changed(index, true);
    return page;
  }

  /** Starts the jobs of the booths within reach of `at` (nearest first) while slots are free. */
  pump(at: { x: number; z: number }): void {
    if (this.disposed) return;
    for (const booth of nearFirst(this.plan, at)) {
      if (this.active >= this.concurrency) return;
      for (const job of this.plan.imageJobs) {
        if (job.booth !== booth || this.started.has(job)) continue;
        if (this.active >= this.concurrency) return;
        this.started.add(job);
        this.active++;
        void this.load(job).finally(() => {
          this.active--;
          if (!this.disposed) this.changed(-1, false);
        });
      }
    }
  }

  get pending(): number {
    return this.plan.imageJobs.length - this.loaded - this.failed;
  }

  private async load(job: TImageJob): Promise<void> {
    try {
      const res = await fetch(job.url, { mode: "cors", credentials: "omit" });
      if (!res.ok) throw new Error(String(res.status));
      const blob = await res.blob();
      this.bytes += blob.size;
      const bitmap = await createImageBitmap(blob);
      if (this.disposed) {
        bitmap.close();
        return;
      }
      const page = this.page(job.cell.page);
      drawImageCell(page.ctx, job.cell, bitmap, job.aspect, job.fit);
      bitmap.close();
      this.loaded++;
      this.dirty.add(job.cell.page);
    } catch {
      this.failed++;
      // The placeholder stays; the page still shows its other images.
      this.page(job.cell.page);
    }
  }

  /** Tells the owner, then marks the changed pages for upload within 200 ms (one batch at a time). */
  private changed(page: number, created: boolean): void {
    this.onChange(page, created);
    if (this.flushTimer || this.disposed) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      if (this.flush()) this.onUpload();
    }, 200);
  }

  /** Marks the pages whose canvas changed since the last call for upload. */
  private flush(): boolean {
    if (this.dirty.size === 0) return false;
    for (const index of this.dirty) {
      const page = this.pages[index];
      if (page) page.texture.needsUpdate = true;
    }
    this.dirty.clear();
    return true;
  }

  dispose(): void {
    this.disposed = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    for (const p of this.pages) p?.texture.dispose();
  }
}
