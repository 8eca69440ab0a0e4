export * from "./types";
export { GeneIndex } from "./genes";
