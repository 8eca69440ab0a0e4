"""Convert RDKit's SA-score fragment table (fpscores.pkl.gz) into Sieve's compact form.

Usage (Debian's interpreter, which has RDKit 2022.09):
  /usr/bin/python3 packages/chem/scripts/sa-export-fragment-scores.py

Writes packages/chem/src/sa-fragment-scores.bin.gz and its sibling
sa-fragment-scores.LICENSE (RDKit's BSD notice plus provenance). The pickle is a
list of [score, id, id, ...] groups; scores have four decimals. The binary form,
little-endian, gzip-compressed, sorted by fingerprint id so it loads without sorting:
  u32 S, then S x i16 distinct scores times 10000
  u32 N, then N x u16 index into the score list, one per id in ascending id order
  N LEB128 varints: gaps between consecutive ascending ids (the first from 0)
"""

import gzip
import hashlib
import os
import pickle
import struct

from rdkit import RDConfig, rdBase

SOURCE = os.path.join(RDConfig.RDContribDir, "SA_Score", "fpscores.pkl.gz")
OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src")


def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def main():
    with open(SOURCE, "rb") as handle:
        raw = handle.read()
    groups = pickle.loads(gzip.decompress(raw))
    score_of = {}
    for group in groups:
        for fp_id in group[1:]:
            if fp_id in score_of:
                raise ValueError(f"id {fp_id} has two scores")
            score_of[fp_id] = group[0]

    scores = sorted({round(group[0] * 10000) for group in groups})
    for group in groups:
        if round(group[0] * 10000) / 10000 != group[0]:
            raise ValueError(f"score {group[0]} has more than four decimals")
    score_index = {s: i for i, s in enumerate(scores)}

    ids = sorted(score_of)
    body = bytearray(struct.pack("<I", len(scores)))
    body += struct.pack(f"<{len(scores)}h", *scores)
    body += struct.pack("<I", len(ids))
    body += struct.pack(f"<{len(ids)}H", *(score_index[round(score_of[i] * 10000)] for i in ids))
    previous = 0
    for fp_id in ids:
        body += varint(fp_id - previous)
        previous = fp_id

    with open(os.path.join(OUT_DIR, "sa-fragment-scores.bin.gz"), "wb") as handle:
        # mtime=0 keeps the file byte-identical across re-runs.
        handle.write(gzip.compress(bytes(body), compresslevel=9, mtime=0))

    with open(os.path.join(OUT_DIR, "sa-fragment-scores.LICENSE"), "w") as handle:
        handle.write(PROVENANCE.format(
            version=rdBase.rdkitVersion,
            sha256=hashlib.sha256(raw).hexdigest(),
            ids=len(ids),
            scores=len(scores),
        ))
    print(f"{len(ids)} ids, {len(scores)} distinct scores, {len(body)} bytes before gzip")


PROVENANCE = """sa-fragment-scores.bin.gz: fragment contributions of the synthetic accessibility score
(Ertl & Schuffenhauer, J Cheminf 2009, 1:8), converted without change of values from
RDKit {version} Contrib/SA_Score/fpscores.pkl.gz (sha256 {sha256})
by packages/chem/scripts/sa-export-fragment-scores.py: {ids} Morgan radius-2 ids, {scores} distinct scores.

The source file carries this licence:

  Copyright (c) 2013, Novartis Institutes for BioMedical Research Inc.
  All rights reserved.

Redistribution and use in source and binary forms, with or without
modification, are permitted provided that the following conditions are
met:

    * Redistributions of source code must retain the above copyright
      notice, this list of conditions and the following disclaimer.
    * Redistributions in binary form must reproduce the above
      copyright notice, this list of conditions and the following
      disclaimer in the documentation and/or other materials provided
      with the distribution.
    * Neither the name of Novartis Institutes for BioMedical Research Inc.
      nor the names of its contributors may be used to endorse or promote
      products derived from this software without specific prior written permission.

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
    main()
