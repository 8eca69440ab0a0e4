import { loadRDKit } from "@sieve/chem";
import { buildPublicNegatome, calibrateStructureOnly } from "@sieve/negatome";
import { writeBenchReport } from "../lib/report";
import {
  CLINTOX,
  DRUGCENTRAL_IDENTIFIERS,
  DRUGCENTRAL_STRUCTURES,
  readSharedData,
  WITHDRAWN_DRUG_INFO,
  WITHDRAWN_REASONS,
} from "../../packages/negatome/test/shared-data";

// node --import tsx bench/negatome/structure-only.ts: the held-out view of the unflagged-approved red
// rate (calibrateStructureOnly), run apart from run.ts because it assesses ~2,400 more compounds.
const rdkit = await loadRDKit();
const started = performance.now();
const negatome = buildPublicNegatome(rdkit, {
  clintox: readSharedData(CLINTOX),
  withdrawnReasons: readSharedData(WITHDRAWN_REASONS),
  withdrawnDrugInfo: readSharedData(WITHDRAWN_DRUG_INFO),
  drugCentralStructures: readSharedData(DRUGCENTRAL_STRUCTURES),
  drugCentralIdentifiers: readSharedData(DRUGCENTRAL_IDENTIFIERS),
});
const counts = calibrateStructureOnly(rdkit, negatome);
writeBenchReport(
  "negatome-structure-only",
  "Negatome: approved drugs judged as unknown compounds (structural risk only)",
  [{ set: "DrugCentral-only approved, no withdrawn/failed flag, own claims withheld", ...counts }],
  [
    `Red rate ${counts.red}/${counts.compounds} (${((100 * counts.red) / counts.compounds).toFixed(1)} %), amber ${counts.amber}: what the verdict would say of an approved drug no source here names (goal ≤ 2 % red). These drugs are not in the ClinTox reference set, so none is its own safe neighbour.`,
    `Each assessed with every record and the ClinTox reference set, its own approvals and boxed warnings withheld; ${((performance.now() - started) / 1000).toFixed(0)} s on the shared machine.`,
  ],
);
