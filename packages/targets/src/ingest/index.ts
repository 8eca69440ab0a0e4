/** Parsers of the target-feature uploads (pure: text in, features out) and the network methods. */
export { readTable, readJsonLines, findColumn, requireColumn, readNumber, cellText, looksLikeJsonLines } from "./table";
export type { Table, TableRow, ReadTableOptions, JsonLine } from "./table";
export type { OpenTargetsParams, GtexParams, StringParams, ChemblParams, GenericParams } from "./params";
export { parseOpenTargets } from "./opentargets";
export { parseGtex } from "./gtex";
export { parseStringNetwork, randomWalkWithRestart, networkProximity } from "./string";
export type { RandomWalkOptions, ProximityOptions } from "./string";
export { parseChemblTractability, parseChemblUniprotMapping, tractabilityBucket, tractabilityScore } from "./chembl";
export type { TractabilityBucket } from "./chembl";
export { parseGeneric } from "./generic";
export { minMaxScaler, zScoreScaler, normalCdf } from "./scaling";
