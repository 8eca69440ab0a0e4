#!/usr/bin/env bash
# `npm run data:gene-info -- --out DIR`
# Writes DIR/ncbi_gene/Homo_sapiens.gene_info: human NCBI Gene symbols, synonyms and full names in
# NCBI's gene_info layout, taken from Debian's r-bioc-org.hs.eg.db (Bioconductor's org.Hs.eg.db,
# built from NCBI Gene). Only the package's SQLite file is unpacked: R itself is not installed.
# Needs apt-get (with its lists updated) and sqlite3. DIR is a reference folder in the shared-data
# layout: point REFERENCE_DATA_DIR at it (next to the HGNC, Disease Ontology and DrugCentral files).
set -euo pipefail
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
[ -n "$out" ] || { echo "usage: npm run data:gene-info -- --out DIR" >&2; exit 2; }
command -v sqlite3 >/dev/null || { echo "sqlite3 is missing: apt-get install -y sqlite3" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get download -q r-bioc-org.hs.eg.db 2>/dev/null)
dpkg-deb -x "$work"/r-bioc-org.hs.eg.db_*.deb "$work/pkg"
db="$(find "$work/pkg" -name org.Hs.eg.sqlite | head -n 1)"
[ -n "$db" ] || { echo "org.Hs.eg.sqlite not found in r-bioc-org.hs.eg.db" >&2; exit 1; }
mkdir -p "$out/ncbi_gene"
target="$out/ncbi_gene/Homo_sapiens.gene_info"
{
  printf '#tax_id\tGeneID\tSymbol\tLocusTag\tSynonyms\tdbXrefs\tchromosome\tmap_location\tdescription\ttype_of_gene\tSymbol_from_nomenclature_authority\tFull_name_from_nomenclature_authority\tNomenclature_status\tOther_designations\tModification_date\tFeature_type\n'
  sqlite3 -separator $'\t' "$db" "
    SELECT '9606', g.gene_id, i.symbol, '-',
           coalesce((SELECT group_concat(a.alias_symbol, '|') FROM alias a WHERE a._id = g._id AND a.alias_symbol <> i.symbol), '-'),
           '-', '-', '-', i.gene_name, '-', '-', '-', '-', '-', '-', '-'
    FROM genes g JOIN gene_info i ON i._id = g._id ORDER BY CAST(g.gene_id AS INTEGER)"
} > "$target.tmp"
mv "$target.tmp" "$target"
source_date="$(sqlite3 "$db" "SELECT value FROM metadata WHERE name = 'EGSOURCEDATE'")"
echo "$target: $(($(wc -l < "$target") - 1)) human genes (NCBI Gene of $source_date)"
