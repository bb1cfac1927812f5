/** Every table, one file per module. drizzle.config.ts and the database adapter read this. */
export * from "./accounts";
export * from "./analytics";
export * from "./channels";
export * from "./content";
export * from "./platform";
export * from "./sharing";
