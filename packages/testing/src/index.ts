export {
  hasSharedData,
  readSharedData,
  requireSharedData,
  SHARED_DATA_DIR,
  SHARED_DATA_FILES,
  sharedDataFile,
} from "./shared-data";
export { RDKIT_PYTHON, rdkitPythonAvailable, requirePythonModule, requireRDKitPython } from "./python";
export { requirePrograms } from "./programs";
export { requireGeneNamesSqlite } from "./gene-names";
export { countEventLoopTurns } from "./event-loop";
