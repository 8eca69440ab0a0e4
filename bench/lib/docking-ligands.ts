/**
 * Approved drugs of 11–33 heavy atoms that the docking benchmarks dock into 1HSG: the first twelve
 * measure throughput (bench/workflows), all sixteen make the scale-out library (bench/workflows-scale).
 */
export const DOCKING_LIGANDS: [string, string][] = [
  ["paracetamol", "CC(=O)Nc1ccc(O)cc1"],
  ["aspirin", "CC(=O)Oc1ccccc1C(=O)O"],
  ["caffeine", "Cn1cnc2c1c(=O)n(C)c(=O)n2C"],
  ["ibuprofen", "CC(C)Cc1ccc(cc1)C(C)C(=O)O"],
  ["lidocaine", "CCN(CC)CC(=O)Nc1c(C)cccc1C"],
  ["naproxen", "COc1ccc2cc(ccc2c1)[C@H](C)C(=O)O"],
  ["propranolol", "CC(C)NCC(O)COc1cccc2ccccc12"],
  ["diclofenac", "OC(=O)Cc1ccccc1Nc1c(Cl)cccc1Cl"],
  ["warfarin", "CC(=O)CC(c1ccccc1)c1c(O)c2ccccc2oc1=O"],
  ["indomethacin", "COc1ccc2n(C(=O)c3ccc(Cl)cc3)c(C)c(CC(=O)O)c2c1"],
  ["celecoxib", "Cc1ccc(cc1)-c1cc(nn1-c1ccc(cc1)S(N)(=O)=O)C(F)(F)F"],
  ["sildenafil", "CCCc1nn(C)c2c1nc([nH]c2=O)-c1cc(ccc1OCC)S(=O)(=O)N1CCN(C)CC1"],
  ["metoprolol", "COCCc1ccc(OCC(O)CNC(C)C)cc1"],
  ["diazepam", "CN1C(=O)CN=C(c2ccccc2)c2cc(Cl)ccc12"],
  ["haloperidol", "OC1(CCN(CCCC(=O)c2ccc(F)cc2)CC1)c1ccc(Cl)cc1"],
  ["losartan", "CCCCc1nc(Cl)c(CO)n1Cc1ccc(cc1)-c1ccccc1-c1nnn[nH]1"],
];
