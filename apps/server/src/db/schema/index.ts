/** Every table, one file per module. drizzle.config.ts and the database adapter read this. */
export * from "./accounts";
export * from "./admin";
export * from "./analytics";
export * from "./channels";
export * from "./chat";
export * from "./content";
export * from "./exhibition";
export * from "./matching";
export * from "./payments";
export * from "./plans";
export * from "./platform";
export * from "./production";
export * from "./qna";
export * from "./sharing";
