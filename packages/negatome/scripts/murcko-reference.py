"""Bemis-Murcko scaffolds from RDKit Python, the reference for src/scaffold.ts (tests only).

Usage: SMILES on stdin, one per line ->
  /usr/bin/python3 packages/negatome/scripts/murcko-reference.py
prints {"rdkit_version": ..., "scaffolds": [{"smiles": ..., "scaffold": ... or null}]}, the scaffold
from MurckoScaffold.MurckoScaffoldSmiles (no chirality, RDKit's default) or null when RDKit cannot
parse the SMILES.
"""

import json
import sys

from rdkit import Chem, RDLogger, rdBase
from rdkit.Chem.Scaffolds import MurckoScaffold

RDLogger.DisableLog("rdApp.*")
scaffolds = []
for line in sys.stdin:
    smiles = line.strip()
    if not smiles:
        continue
    mol = Chem.MolFromSmiles(smiles)
    scaffolds.append({"smiles": smiles, "scaffold": None if mol is None else MurckoScaffold.MurckoScaffoldSmiles(mol=mol)})
json.dump({"rdkit_version": rdBase.rdkitVersion, "scaffolds": scaffolds}, sys.stdout)
