import initRDKitModule, { type MainModule } from "@rdkit/rdkit";

/**
 * The RDKit MinimalLib WASM module, loaded once per process or worker thread.
 * Initialisation costs about 0.6 s, so every caller shares this one promise.
 */
let rdkit: Promise<MainModule> | undefined;

export function loadRDKit(): Promise<MainModule> {
  rdkit ??= initRDKitModule();
  return rdkit;
}

export type RDKitModule = MainModule;
