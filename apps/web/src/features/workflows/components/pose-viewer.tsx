import { useEffect, useRef, useState } from "react";
import type { AtomSpec, GLViewer } from "3dmol";
import { Notice } from "../../../components/ui/notice";
import { pdbqtToPdb } from "../model/pose";

function distanceSquared(a: AtomSpec, b: AtomSpec): number {
  return ((a.x ?? 0) - (b.x ?? 0)) ** 2 + ((a.y ?? 0) - (b.y ?? 0)) ** 2 + ((a.z ?? 0) - (b.z ?? 0)) ** 2;
}

function residueKey(atom: AtomSpec): string {
  return `${atom.chain ?? ""}:${atom.resi ?? ""}`;
}

/**
 * A docking pose in its receptor with 3Dmol.js: the protein as a grey cartoon, its pocket residues
 * within 5 Å as thin sticks, and the docked ligand as sticks with green carbons (other elements in
 * Jmol colours, hydrogens left out), zoomed to the ligand. Vina's PDBQT pose is converted to PDB
 * records first: read as PDB(QT), 3Dmol stops at the torsion tree's ENDROOT and shows only the root.
 * 3Dmol loads on first use, in its own chunk.
 */
export function PoseViewer({ receptor, pose, label }: { receptor: string; pose: string; label: string }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [ligandAtoms, setLigandAtoms] = useState<number | null>(null);

  useEffect(() => {
    let cancelled = false;
    let viewer: GLViewer | null = null;
    setState("loading");
    setLigandAtoms(null);
    import("3dmol")
      .then(({ createViewer }) => {
        const container = containerRef.current;
        if (cancelled || !container) return;
        viewer = createViewer(container, { backgroundColor: "white" });
        if (!viewer) throw new Error("no WebGL");
        const protein = viewer.addModel(receptor, "pdb");
        protein.setStyle({}, { cartoon: { color: "lightgrey", opacity: 0.75 } });
        const ligand = viewer.addModel(pdbqtToPdb(pose), "pdb");
        ligand.setStyle({}, { stick: { colorscheme: "greenCarbon", radius: 0.22 } });
        // 3Dmol's `within` only looks inside one model, so the pocket (residues with an atom within 5 Å of the ligand)
        // is found here.
        const ligandAtoms = ligand.selectedAtoms({});
        const pocket = new Set<string>();
        for (const atom of protein.selectedAtoms({ hetflag: false })) {
          if (ligandAtoms.some((other) => distanceSquared(atom, other) < 25)) pocket.add(residueKey(atom));
        }
        viewer.addStyle(
          { model: protein, hetflag: false, predicate: (atom) => pocket.has(residueKey(atom)) },
          { stick: { colorscheme: "default", radius: 0.08 } },
        );
        viewer.zoomTo({ model: ligand });
        viewer.zoom(0.7);
        viewer.render();
        setLigandAtoms(ligandAtoms.length);
        setState("ready");
      })
      .catch(() => !cancelled && setState("failed"));
    return () => {
      cancelled = true;
      viewer?.clear();
    };
  }, [receptor, pose]);

  return (
    <div className="stack">
      {state === "failed" && (
        <Notice tone="error">The 3D view could not start: this browser may not support WebGL.</Notice>
      )}
      <div
        ref={containerRef}
        className="structure-viewer"
        role="img"
        aria-label={`3D view of ${label} docked in the receptor`}
        data-state={state}
        data-ligand-atoms={ligandAtoms ?? undefined}
      />
    </div>
  );
}
