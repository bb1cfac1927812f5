/**
 * What the matching module (issue 14) asks of channels: for given channels and an inquiry, the
 * rules and the text similarity, computed in SQL on the channel table. `pg_trgm`'s
 * `word_similarity(item, needs)` tells how well each product or service the channel names (its
 * list split at commas, semicolons, slashes, line breaks) appears in the buyer's text; the best
 * item per language counts. It works on Hangul as on Latin script (no stemmer needed).
 */
import { sql } from "drizzle-orm";
import type { TDrizzle } from "../../platform/types";

/** The inquiry side of the rules. */
export interface TMatchQuery {
  needs: string;
  country: string;
  industry: string;
  incoterms: readonly string[];
}

/** One channel's facts for an inquiry. */
export interface TChannelMatchFacts {
  channelId: string;
  ownerId: string;
  /** Channel name in English and Korean (the original where no translation exists). */
  name: { en: string; ko: string };
  industry: string | null;
  sameIndustry: boolean;
  exportsToCountry: boolean;
  exportMarkets: string[];
  sharedIncoterms: string[];
  /** Best product item similarity (0..1) and the item, per language. */
  similarity: { en: number; ko: number };
  bestItem: { en: string; ko: string };
}

interface TRow extends Record<string, unknown> {
  id: string;
  owner_id: string;
  name_en: string | null;
  name_ko: string | null;
  industry: string | null;
  same_industry: boolean;
  exports_to: boolean;
  markets: string[] | string | null;
  shared_incoterms: string[] | string | null;
  sim_en: number | string | null;
  sim_ko: number | string | null;
  item_en: string | null;
  item_ko: string | null;
}

function list(value: string[] | string | null): string[] {
  if (value === null) return [];
  return typeof value === "string" ? (JSON.parse(value) as string[]) : value;
}

/** The facts of `channelIds` for `query` (unknown ids are left out). */
export async function channelMatchFacts(
  db: TDrizzle,
  channelIds: readonly string[],
  query: TMatchQuery,
): Promise<TChannelMatchFacts[]> {
  if (channelIds.length === 0) return [];
  const ids = JSON.stringify(channelIds);
  const incoterms = JSON.stringify(query.incoterms);
  const result = await db.execute<TRow>(sql`
    with cand as (
      select c.id, c.owner_id, c.name, c.origin_lang, c.industry, c.info, c.transinfo
      from channels c
      where c.id in (select jsonb_array_elements_text(${ids}::jsonb))
    ),
    texts as (
      select cand.id, t.lang, t.products
      from cand
      cross join lateral (values
        ('en', case when cand.origin_lang = 'en' then cand.info->'business'->>'productsServices_origin'
                    else cand.transinfo->'en'->>'productsServices_origin' end),
        ('ko', case when cand.origin_lang = 'ko' then cand.info->'business'->>'productsServices_origin'
                    else cand.transinfo->'ko'->>'productsServices_origin' end)
      ) as t(lang, products)
    ),
    items as (
      select texts.id, texts.lang, btrim(item) as item
      from texts
      cross join lateral regexp_split_to_table(coalesce(texts.products, ''), E'[,;/\\n·、]+') as item
      where char_length(btrim(item)) >= 2
    ),
    best as (
      select distinct on (items.id, items.lang) items.id, items.lang, items.item,
        word_similarity(lower(items.item), lower(${query.needs})) as sim
      from items
      order by items.id, items.lang, sim desc
    )
    select cand.id, cand.owner_id,
      case when cand.origin_lang = 'en' then cand.name else coalesce(nullif(cand.transinfo->'en'->>'channel_name', ''), cand.name) end as name_en,
      case when cand.origin_lang = 'ko' then cand.name else coalesce(nullif(cand.transinfo->'ko'->>'channel_name', ''), cand.name) end as name_ko,
      cand.industry,
      coalesce(cand.industry = ${query.industry}, false) as same_industry,
      coalesce(jsonb_exists(cand.info->'business'->'export_markets', ${query.country}), false) as exports_to,
      coalesce(cand.info->'business'->'export_markets', '[]'::jsonb) as markets,
      coalesce((
        select jsonb_agg(code) from (
          select jsonb_array_elements_text(coalesce(cand.info->'business'->'incoterms'->'codes', '[]'::jsonb)) as code
          intersect
          select jsonb_array_elements_text(${incoterms}::jsonb)
        ) shared
      ), '[]'::jsonb) as shared_incoterms,
      (select sim from best where best.id = cand.id and best.lang = 'en') as sim_en,
      (select sim from best where best.id = cand.id and best.lang = 'ko') as sim_ko,
      (select item from best where best.id = cand.id and best.lang = 'en') as item_en,
      (select item from best where best.id = cand.id and best.lang = 'ko') as item_ko
    from cand
  `);
  const rows: TRow[] = Array.isArray(result)
    ? (result as TRow[])
    : ((result as { rows?: TRow[] }).rows ?? []);
  return rows.map((row) => ({
    channelId: row.id,
    ownerId: row.owner_id,
    name: { en: row.name_en ?? "", ko: row.name_ko ?? "" },
    industry: row.industry,
    sameIndustry: row.same_industry,
    exportsToCountry: row.exports_to,
    exportMarkets: list(row.markets),
    sharedIncoterms: list(row.shared_incoterms).sort(),
    similarity: { en: Number(row.sim_en ?? 0), ko: Number(row.sim_ko ?? 0) },
    bestItem: { en: row.item_en ?? "", ko: row.item_ko ?? "" },
  }));
}
