export * as schema from "./schema";
export * from "./connection";
export * from "./data-dir-lock";
export * from "./unavailable";
