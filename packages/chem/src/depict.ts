import type { Mol } from "@rdkit/rdkit";

export const DEFAULT_DEPICTION_SIZE = { width: 300, height: 200 } as const;

/**
 * 2D depiction as standalone SVG from RDKit.js `get_svg(width, height)`: RDKit's MolDraw2DSVG
 * with coordinates from RDKit's 2D layout (Coordgen is not preferred unless the module was set so).
 */
export function depictSvg(
  mol: Mol,
  width: number = DEFAULT_DEPICTION_SIZE.width,
  height: number = DEFAULT_DEPICTION_SIZE.height,
): string {
  return mol.get_svg(width, height);
}
