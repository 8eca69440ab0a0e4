"""Export RDKit's PAINS (A, B, C) and Brenk filter catalogues as SMARTS for RDKit.js, which has no FilterCatalog.

Usage (Debian's interpreter, which has RDKit 2022.09):
  /usr/bin/python3 packages/chem/scripts/export-alerts.py           # writes src/structural-alerts.json + .LICENSE
  /usr/bin/python3 packages/chem/scripts/export-alerts.py --match   # SMILES on stdin -> FilterCatalog matches as JSON (tests)

RDKit's Python API does not hand out an entry's matcher, so the SMARTS are read from each entry's
own serialisation (a boost text archive: name, the pickled query molecule, min and max count) and
written back with Chem.MolToSmarts. The export refuses to write unless every entry is a plain
SmartsMatcher that fires on one match or more (no count limits, no hierarchy or exclusion
matchers) and every written SMARTS reads back: then "this SMARTS matches" means what RDKit's
FilterCatalog means, and the TypeScript side needs nothing but substructure matching.
"""

import json
import os
import re
import sys

from rdkit import Chem, RDLogger, rdBase
from rdkit.Chem import FilterCatalog

OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")
CATALOGS = ["PAINS_A", "PAINS_B", "PAINS_C", "BRENK"]
UNBOUNDED = 2**32 - 1
# boost::serialization header of a FilterCatalogEntry whose matcher is a SmartsMatcher, then the
# matcher's name as "<length> <characters>".
SMARTS_ENTRY = re.compile(rb"22 serialization::archive \d+ \d+ \d+\n0 0 1 4 1 1\n1 0 0 (\d+) ")
COUNTED = re.compile(rb"(\d+) ")
COUNTS = re.compile(rb" (\d+) (\d+) ")


def catalog(name):
    params = FilterCatalog.FilterCatalogParams()
    params.AddCatalog(getattr(FilterCatalog.FilterCatalogParams.FilterCatalogs, name))
    return FilterCatalog.FilterCatalog(params)


def smarts_matcher(entry):
    """(smarts, min_count, max_count) of an entry's SmartsMatcher, read from its serialisation."""
    data = entry.Serialize()
    head = SMARTS_ENTRY.match(data)
    if not head:
        raise ValueError(f"{entry.GetDescription()}: not a plain SmartsMatcher entry")
    pos = head.end() + int(head.group(1)) + 1
    size = COUNTED.match(data, pos)
    pos = size.end()
    query = Chem.Mol(data[pos : pos + int(size.group(1))])
    counts = COUNTS.match(data, pos + int(size.group(1)))
    return Chem.MolToSmarts(query), int(counts.group(1)), int(counts.group(2))


def export():
    alerts = []
    catalogs = {}
    for name in CATALOGS:
        entries = catalog(name)
        for index in range(entries.GetNumEntries()):
            entry = entries.GetEntryWithIdx(index)
            smarts, min_count, max_count = smarts_matcher(entry)
            if (min_count, max_count) != (1, UNBOUNDED):
                raise ValueError(f"{entry.GetDescription()}: counts {min_count}..{max_count}, not a plain 'matches once or more'")
            if Chem.MolFromSmarts(smarts) is None:
                raise ValueError(f"{entry.GetDescription()}: exported SMARTS {smarts} does not read back")
            alerts.append({"catalog": name, "name": entry.GetDescription(), "smarts": smarts})
            catalogs[name] = {"scope": entry.GetProp("Scope"), "reference": entry.GetProp("Reference")}
    document = {
        "generated_by": "packages/chem/scripts/export-alerts.py",
        "rdkit_version": rdBase.rdkitVersion,
        "licence": "BSD-3-Clause (RDKit); see structural-alerts.LICENSE",
        "catalogs": catalogs,
        "alerts": alerts,
    }
    with open(os.path.join(OUT_DIR, "structural-alerts.json"), "w") as handle:
        json.dump(document, handle, indent=1)
        handle.write("\n")
    with open(os.path.join(OUT_DIR, "structural-alerts.LICENSE"), "w") as handle:
        handle.write(LICENSE.format(version=rdBase.rdkitVersion, count=len(alerts)))
    print(f"{len(alerts)} alerts from RDKit {rdBase.rdkitVersion}: " + ", ".join(f"{c} {sum(a['catalog'] == c for a in alerts)}" for c in CATALOGS))


def match():
    """For each SMILES on stdin: the FilterCatalog entries that match, with the atoms of each entry's first match."""
    RDLogger.DisableLog("rdApp.*")
    entries = [(name, catalog(name)) for name in CATALOGS]
    molecules = []
    for line in sys.stdin:
        smiles = line.strip()
        if not smiles:
            continue
        mol = Chem.MolFromSmiles(smiles)
        matches = None
        if mol is not None:
            matches = []
            for name, entries_of in entries:
                for entry in entries_of.GetMatches(mol):
                    atoms = sorted(mol_atom for _, mol_atom in entry.GetFilterMatches(mol)[0].atomPairs)
                    matches.append({"catalog": name, "name": entry.GetDescription(), "atoms": atoms})
        molecules.append({"smiles": smiles, "matches": matches})
    json.dump({"rdkit_version": rdBase.rdkitVersion, "molecules": molecules}, sys.stdout)


LICENSE = """structural-alerts.json: the PAINS families A, B and C (Baell & Holloway, J Med Chem 2010,
53:2719) and the Brenk unwanted-functionality filters (Brenk et al., ChemMedChem 2008, 3:435) as
implemented in RDKit's FilterCatalog, exported as SMARTS from RDKit {version} by
packages/chem/scripts/export-alerts.py ({count} alerts). Regenerate with:

  /usr/bin/python3 packages/chem/scripts/export-alerts.py

The filter definitions are part of the RDKit, which carries this licence:

  Copyright 2006-2016 Rational Discovery LLC, Novartis Institutes for
  BioMedical Research Inc, Greg Landrum, and Julie Penzotti
  (as recorded in Debian's python3-rdkit copyright file). All rights reserved.

Redistribution and use in source and binary forms, with or without
modification, are permitted provided that the following conditions are
met:

    * Redistributions of source code must retain the above copyright
      notice, this list of conditions and the following disclaimer.
    * Redistributions in binary form must reproduce the above
      copyright notice, this list of conditions and the following
      disclaimer in the documentation and/or other materials provided
      with the distribution.
    * Neither the name of Rational Discovery nor the names of its
      contributors may be used to endorse or promote products derived
      from this software without specific prior written permission.

THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS
"AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT
LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR
A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT
OWNER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL,
SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT
LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE,
DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY
THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
(INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
"""

if __name__ == "__main__":
    if sys.argv[1:] == ["--match"]:
        match()
    else:
        export()
