"""Reference scores of the GuacaMol-derived PMO tasks, computed with RDKit in Python.

GuacaMol itself is not installable here, so this re-implements the definitions of
guacamol/standard_benchmarks.py (median_camphor_menthol, median_tadalafil_sildenafil,
amlodipine_rings, perindopril_rings, hard_fexofenadine, sitagliptin_replacement,
zaleplon_with_other_formula, valsartan_smarts, decoration_hop, scaffold_hop) with the RDKit calls GuacaMol makes
(guacamol/utils/fingerprints.py, descriptors.py, score_modifier.py, common_scoring_functions.py).
It reads {"molecules": [smiles, ...]} on stdin and writes {"rdkit": version, "molecules":
[{"smiles", "bertz", "scores": {task: score}}]} on stdout; packages/optimize/src/guacamol-mpo-tasks.test.ts
checks @sieve/optimize against that output (packages/optimize/src/guacamol-mpo-reference.json):

    python3 bench/optimize/guacamol-reference.py < molecules.json > scores.json
"""

import json
import re
import sys

import numpy as np
import rdkit
from rdkit import Chem, DataStructs
from rdkit.Chem import AllChem, Descriptors, rdMolDescriptors
from rdkit.Chem.Pharm2D import Generate, Gobbi_Pharm2D


def gaussian(mu, sigma):
    return lambda x: float(np.exp(-0.5 * np.power((x - mu) / sigma, 2.0)))


def min_gaussian(mu, sigma):
    g = gaussian(mu, sigma)
    return lambda x: 1.0 if x <= mu else g(x)


def max_gaussian(mu, sigma):
    g = gaussian(mu, sigma)
    return lambda x: 1.0 if x >= mu else g(x)


def clipped(upper_x, lower_x=0.0, high=1.0, low=0.0):
    slope = (high - low) / (upper_x - lower_x)
    intercept = high - slope * upper_x
    return lambda x: float(np.clip(slope * x + intercept, low, high))


def identity(x):
    return x


def geometric_mean(values):
    a = np.array(values)
    return float(a.prod() ** (1.0 / len(a)))


FINGERPRINTS = {
    "ECFP4": lambda mol: AllChem.GetMorganFingerprint(mol, 2),
    "ECFP6": lambda mol: AllChem.GetMorganFingerprint(mol, 3),
    "AP": lambda mol: AllChem.GetAtomPairFingerprint(mol, maxLength=10),
    "PHCO": lambda mol: Generate.Gen2DFingerprint(mol, Gobbi_Pharm2D.factory),
}


def tanimoto(target, fp_type, modifier=identity):
    reference = FINGERPRINTS[fp_type](Chem.MolFromSmiles(target))
    return lambda mol: modifier(DataStructs.TanimotoSimilarity(FINGERPRINTS[fp_type](mol), reference))


def descriptor(function, modifier):
    return lambda mol: modifier(function(mol))


def isomer(formula):
    counts = [(element, int(n) if n else 1) for element, n in re.findall(r"([A-Z][a-z]*)(\d*)", formula)]
    total = sum(n for _, n in counts)

    def score(mol):
        with_hs = Chem.AddHs(mol)
        values = [
            gaussian(n, 1.0)(sum(1 for atom in with_hs.GetAtoms() if atom.GetSymbol() == element))
            for element, n in counts
        ]
        values.append(gaussian(total, 2.0)(with_hs.GetNumAtoms()))
        return geometric_mean(values)

    return score


def smarts(pattern, inverse=False):
    query = Chem.MolFromSmarts(pattern)
    return lambda mol: 1.0 if mol.HasSubstructMatch(query) != inverse else 0.0


def geometric(terms):
    return lambda mol: geometric_mean([term(mol) for term in terms])


def arithmetic(terms):
    return lambda mol: float(np.mean([term(mol) for term in terms]))


logp = Descriptors.MolLogP
tpsa = Descriptors.TPSA
bertz = Descriptors.BertzCT


def sitagliptin_mpo():
    smiles = "Fc1cc(c(F)cc1F)CC(N)CC(=O)N3Cc2nnc(n2CC3)C(F)(F)F"
    mol = Chem.MolFromSmiles(smiles)
    return geometric([
        tanimoto(smiles, "ECFP4", gaussian(0, 0.1)),
        descriptor(logp, gaussian(logp(mol), 0.2)),
        descriptor(tpsa, gaussian(tpsa(mol), 5)),
        isomer("C16H15F6N5O"),
    ])


def valsartan_smarts():
    other = Chem.MolFromSmiles("NC(CC(=O)N1CCn2c(nnc2C(F)(F)F)C1)Cc1cc(F)c(F)cc1F")
    return geometric([
        smarts("CN(C=O)Cc1ccc(c2ccccc2)cc1"),
        descriptor(logp, gaussian(logp(other), 0.2)),
        descriptor(tpsa, gaussian(tpsa(other), 5)),
        descriptor(bertz, gaussian(bertz(other), 30)),
    ])


HOP = "CCCOc1cc2ncnc(Nc3ccc4ncsc4c3)c2cc1S(=O)(=O)C(C)(C)C"
HOP_SCAFFOLD = "[#7]-c1n[c;h1]nc2[c;h1]c(-[#8])[c;h0][c;h1]c12"

TASKS = {
    "median1": geometric([
        tanimoto("CC(C)C1CCC(C)CC1O", "ECFP4"),
        tanimoto("CC1(C)C2CCC1(C)C(=O)C2", "ECFP4"),
    ]),
    "median2": geometric([
        tanimoto("O=C1N(CC(N2C1CC3=C(C2C4=CC5=C(OCO5)C=C4)NC6=C3C=CC=C6)=O)C", "ECFP6"),
        tanimoto("CCCC1=NN(C2=C1N=C(NC2=O)C3=C(C=CC(=C3)S(=O)(=O)N4CCN(CC4)C)OCC)C", "ECFP6"),
    ]),
    "amlodipine_mpo": geometric([
        tanimoto(r"Clc1ccccc1C2C(=C(/N/C(=C2/C(=O)OCC)COCCN)C)\C(=O)OC", "ECFP4"),
        descriptor(rdMolDescriptors.CalcNumRings, gaussian(3, 0.5)),
    ]),
    "perindopril_mpo": geometric([
        tanimoto("O=C(OCC)C(NC(C(=O)N1C(C(=O)O)CC2CCCCC12)C)CCC", "ECFP4"),
        descriptor(rdMolDescriptors.CalcNumAromaticRings, gaussian(2, 0.5)),
    ]),
    "fexofenadine_mpo": geometric([
        tanimoto("CC(C)(C(=O)O)c1ccc(cc1)C(O)CCCN2CCC(CC2)C(O)(c3ccccc3)c4ccccc4", "AP", clipped(0.8)),
        descriptor(tpsa, max_gaussian(90, 10)),
        descriptor(logp, min_gaussian(4, 1)),
    ]),
    "sitagliptin_mpo": sitagliptin_mpo(),
    "zaleplon_mpo": geometric([
        tanimoto("O=C(C)N(CC)C1=CC=CC(C2=CC=NC3=C(C=NN23)C#N)=C1", "ECFP4"),
        isomer("C19H17N3O2"),
    ]),
    "valsartan_smarts": valsartan_smarts(),
    "deco_hop": arithmetic([
        tanimoto(HOP, "PHCO", clipped(0.85)),
        smarts("CS([#6])(=O)=O", inverse=True),
        smarts("[#7]-c1ccc2ncsc2c1", inverse=True),
        smarts(HOP_SCAFFOLD),
    ]),
    "scaffold_hop": arithmetic([
        tanimoto(HOP, "PHCO", clipped(0.75)),
        smarts("[#6]-[#6]-[#6]-[#8]-[#6]~[#6]~[#6]~[#6]~[#6]-[#7]-c1ccc2ncsc2c1"),
        smarts(HOP_SCAFFOLD, inverse=True),
    ]),
}


def main():
    smiles_list = json.load(sys.stdin)["molecules"]
    out = []
    for smiles in smiles_list:
        mol = Chem.MolFromSmiles(smiles)
        scores = {name: task(mol) for name, task in TASKS.items()}
        # BertzCT on its own too: valsartan_smarts is 0 for molecules without the SMARTS, whatever their Bertz.
        out.append({"smiles": smiles, "bertz": bertz(mol), "scores": scores})
    json.dump({"rdkit": rdkit.__version__, "molecules": out}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
