"""Reference values from RDKit's Python API for Sieve's Gobbi 2D pharmacophore port.

Picks its molecules itself, so that the reference can be made again: every 150th DrugCentral
structure and every 60th ClinTox molecule that RDKit reads (24 and 12 of them), the deco_hop /
scaffold_hop reference molecule (GuacaMol's "PHCO" target) and a few molecules with unusual
features (an acid, boron, phosphorus, a salt in two fragments, a charged amine). For each it
writes the on bits of Generate.Gen2DFingerprint(mol, Gobbi_Pharm2D.factory) and their Tanimoto
similarity to the reference molecule, as GuacaMol's TanimotoScoringFunction(fp_type="PHCO")
computes it. packages/chem/src/gobbi-pharmacophores.test.ts compares the TypeScript port with
this output (packages/chem/src/gobbi-reference.json):

    /usr/bin/python3 packages/chem/scripts/gobbi-reference.py ../shared/data > packages/chem/src/gobbi-reference.json
"""

import csv
import json
import os
import sys

from rdkit import Chem, DataStructs, RDLogger, rdBase
from rdkit.Chem.Pharm2D import Generate, Gobbi_Pharm2D

RDLogger.DisableLog("rdApp.*")

REFERENCE = "CCCOc1cc2ncnc(Nc3ccc4ncsc4c3)c2cc1S(=O)(=O)C(C)(C)C"
EXTRAS = [
    REFERENCE,
    "OC(=O)c1ccccc1O",
    "CC(C)CC(NC(=O)C(Cc1ccccc1)NC(=O)c1cnccn1)B(O)O",
    "COP(=S)(OC)Oc1ccc([N+](=O)[O-])cc1",
    "CC[NH+](CC)CCOC(=O)c1ccc(N)cc1.[Cl-]",
    "CCCCCCCCCCCCCCCC[N+](C)(C)C",
]


def every(path, step, count, read):
    picked = []
    with open(path, newline="") as handle:
        for i, row in enumerate(read(handle)):
            if i % step or len(picked) >= count:
                continue
            if Chem.MolFromSmiles(row) is not None:
                picked.append(row)
    return picked


def main():
    data = sys.argv[1]
    drugcentral = every(
        os.path.join(data, "drugcentral", "structures.smiles.tsv"),
        150,
        24,
        lambda handle: (row["SMILES"] for row in csv.DictReader(handle, delimiter="\t")),
    )
    clintox = every(
        os.path.join(data, "clintox", "clintox.csv"),
        60,
        12,
        lambda handle: (row["smiles"] for row in csv.DictReader(handle)),
    )
    factory = Gobbi_Pharm2D.factory
    reference = Generate.Gen2DFingerprint(Chem.MolFromSmiles(REFERENCE), factory)
    molecules = []
    for smiles in drugcentral + clintox + EXTRAS:
        fingerprint = Generate.Gen2DFingerprint(Chem.MolFromSmiles(smiles), factory)
        molecules.append({
            "smiles": smiles,
            "bits": list(fingerprint.GetOnBits()),
            "tanimoto": DataStructs.TanimotoSimilarity(fingerprint, reference),
        })
    json.dump(
        {"rdkit": rdBase.rdkitVersion, "size": factory.GetSigSize(), "reference": REFERENCE, "molecules": molecules},
        sys.stdout,
    )
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
