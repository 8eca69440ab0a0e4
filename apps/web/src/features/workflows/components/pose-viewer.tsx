import { useEffect, useRef, useState } from "react";
import type { GLViewer } from "3dmol";
import { Notice } from "../../../components/ui/notice";

/**
 * A docking pose in its receptor with 3Dmol.js: the protein as a grey cartoon, its pocket residues
 * within 5 Å as thin lines, and the docked ligand (Vina's PDBQT) as sticks with green carbons.
 * 3Dmol loads on first use, in its own chunk.
 */
export function PoseViewer({ receptor, pose, label }: { receptor: string; pose: string; label: string }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    let cancelled = false;
    let viewer: GLViewer | null = null;
    setState("loading");
    import("3dmol")
      .then(({ createViewer }) => {
        const container = containerRef.current;
        if (cancelled || !container) return;
        viewer = createViewer(container, { backgroundColor: "white" });
        if (!viewer) throw new Error("no WebGL");
        viewer.addModel(receptor, "pdb");
        viewer.setStyle({ model: 0 }, { cartoon: { color: "lightgrey", opacity: 0.75 } });
        viewer.addModel(pose, "pdbqt");
        viewer.setStyle({ model: 1 }, { stick: { colorscheme: "greenCarbon", radius: 0.3 } });
        viewer.addStyle({ model: 0, within: { distance: 5, sel: { model: 1 } } }, { line: { colorscheme: "default" } });
        viewer.zoomTo({ model: 1 });
        viewer.zoom(0.8);
        viewer.render();
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
      {state === "failed" && <Notice tone="error">The 3D view could not start: this browser may not support WebGL.</Notice>}
      <div ref={containerRef} className="structure-viewer" role="img" aria-label={`3D view of ${label} docked in the receptor`} data-state={state} />
    </div>
  );
}
