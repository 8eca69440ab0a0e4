export * as schema from "./schema/index";
export * from "./connection";
export * from "./data-dir-lock";
export * from "./unavailable";
export * from "./seq-stamp";
export * from "./json-insert";
