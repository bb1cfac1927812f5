/**
 * The exhibition service: exhibitions operators run (create, edit, publish, slots), booths owners
 * take and dress, what visitors read (the list, a hall, a booth page, a booth's product), and
 * booth views. It composes `hall.ts` (what visitors see), `booths.ts` (the owner's booths),
 * `fairs.ts` (the operators' exhibitions) and `placement.ts` (the operators' slots) over
 * `docs.ts` and `mapper.ts` (documents); SQL lives in `queries.ts`.
 *
 * Every owner path goes through `ownBooth` (deps.ts): another owner's booth answers `notFound`
 * and is never touched. Contents are reached only through the content service, channels through
 * the channels service, plans through the accounts service.
 */
import { createOwnerBooths, type TOwnerBooths } from "./booths";
import type { TExhibitionDeps } from "./deps";
import { createExhibitionDocs } from "./docs";
import { createFairs, type TFairs } from "./fairs";
import { createExhibitionHall, type TExhibitionHall } from "./hall";
import { createPlacement, type TPlacement } from "./placement";
import { deleteBoothsOfOwner } from "./queries";

export type {
  TExhibitionAccountsPort,
  TExhibitionChannelsPort,
  TExhibitionContentPort,
  TExhibitionDeps,
} from "./deps";
export type { THall } from "./hall";

/** The exhibition service. */
export interface TExhibitionService extends TExhibitionHall, TOwnerBooths, TFairs, TPlacement {
  /** Deletes an owner's booths (account deleted). */
  removeOwner(ownerId: string): Promise<void>;
}

/** Creates the exhibition service. */
export function createExhibitionService(deps: TExhibitionDeps): TExhibitionService {
  const documents = createExhibitionDocs(deps);
  return {
    ...createExhibitionHall(deps, documents),
    ...createOwnerBooths(deps, documents),
    ...createFairs(deps, documents),
    ...createPlacement(deps, documents),
    removeOwner: (ownerId) => deleteBoothsOfOwner(deps.db, ownerId),
  };
}
