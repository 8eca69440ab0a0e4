"""Reference values from RDKit's Python API for Sieve's Morgan and SA-score ports.

Reads SMILES from stdin, one per line, and prints one JSON array with, per line:
  smiles      the input line
  morgan      GetMorganFingerprint(m, 2).GetNonzeroElements() as [[id, count], ...]
              sorted by id, or null when RDKit cannot parse the SMILES
  sa          sascorer.calculateScore(m) from RDKit's Contrib/SA_Score
  chiral, spiro, bridgehead
              the SA penalty inputs, to tell a fingerprint mismatch from a
              penalty mismatch when a score disagrees

Run with the Debian interpreter that has RDKit: /usr/bin/python3 morgan-reference.py
"""

import json
import os
import sys

from rdkit import Chem, RDConfig, RDLogger, rdBase
from rdkit.Chem import rdMolDescriptors

sys.path.append(os.path.join(RDConfig.RDContribDir, "SA_Score"))
import sascorer  # noqa: E402  (lives in RDKit's Contrib directory, found above)

RDLogger.DisableLog("rdApp.*")


def reference(smiles):
    mol = Chem.MolFromSmiles(smiles)
    if mol is None:
        return {"smiles": smiles, "morgan": None}
    counts = rdMolDescriptors.GetMorganFingerprint(mol, 2).GetNonzeroElements()
    return {
        "smiles": smiles,
        "morgan": sorted([int(k), int(v)] for k, v in counts.items()),
        "sa": sascorer.calculateScore(mol),
        "chiral": len(Chem.FindMolChiralCenters(mol, includeUnassigned=True)),
        "spiro": rdMolDescriptors.CalcNumSpiroAtoms(mol),
        "bridgehead": rdMolDescriptors.CalcNumBridgeheadAtoms(mol),
    }


def main():
    lines = [line.strip() for line in sys.stdin if line.strip()]
    json.dump({"rdkit": rdBase.rdkitVersion, "molecules": [reference(s) for s in lines]}, sys.stdout)


if __name__ == "__main__":
    main()
