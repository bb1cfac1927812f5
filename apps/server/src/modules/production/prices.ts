/** The model price table: read by everyone, set by the operators (one audit row per change). */
import type { TProductionPrice } from "@vitrine/contract";
import type { TProductionDeps } from "./deps";
import { priceOrder, toPrice } from "./docs";
import { priceRows, upsertPrice } from "./queries";

/** The price table's verbs. */
export interface TProductionPrices {
  prices(): Promise<TProductionPrice[]>;
  updatePrices(actorId: string, prices: TProductionPrice[]): Promise<TProductionPrice[]>;
}

/** Creates the price table's verbs. */
export function createProductionPrices(
  deps: Pick<TProductionDeps, "db" | "audit" | "now">,
): TProductionPrices {
  const { db, now } = deps;

  async function prices(): Promise<TProductionPrice[]> {
    const rows = await priceRows(db);
    return rows.map(toPrice).sort((a, b) => priceOrder(a) - priceOrder(b));
  }

  return {
    prices,

    async updatePrices(actorId, lines) {
      const at = now();
      await db.transaction(async (tx) => {
        for (const p of lines) {
          await upsertPrice(tx, {
            kind: p.kind,
            complexity: p.complexity,
            priceKrw: p.price_krw,
            priceUsd: p.price_usd,
            annotations: p.annotations,
            motionSteps: p.motion_steps,
            turnaroundDays: p.turnaround_days,
            updatedAt: at,
          });
        }
        await deps.audit.audit(
          {
            actorId,
            action: "production.prices",
            targetType: "production_prices",
            targetId: "table",
            before: null,
            after: { prices: lines },
          },
          tx,
        );
      });
      return prices();
    },
  };
}
