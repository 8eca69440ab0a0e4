import { useEffect, useRef, useState } from "react";
import type { GLViewer } from "3dmol";
import { Button } from "../../../components/ui/button";
import { Notice } from "../../../components/ui/notice";
import type { UploadedStructure } from "../api/protein-analysis";

/** Waters are hidden, and fitting the view to them too would leave the protein small in a corner. */
const FIT_SELECTION = { not: { resn: "HOH" } };

/**
 * An uploaded PDB in 3D with 3Dmol.js: cartoon coloured by chain, ligands (HETATM other than water)
 * as sticks. 3Dmol is loaded on first use, so the page does not pay for it until a structure is shown.
 */
export function StructureViewer({ structure, chains }: { structure: UploadedStructure; chains: string[] }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<GLViewer | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [spinning, setSpinning] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setState("loading");
    import("3dmol")
      .then(({ createViewer }) => {
        const container = containerRef.current;
        if (cancelled || !container) return;
        const viewer = createViewer(container, { backgroundColor: "white" });
        // Without WebGL 3Dmol logs and returns nothing instead of throwing.
        if (!viewer) throw new Error("no WebGL");
        viewer.addModel(structure.pdb, "pdb");
        // Every atom gets the cartoon style, which draws only the protein; that also hides the waters.
        viewer.setStyle({}, { cartoon: { colorscheme: "chain" } });
        viewer.addStyle(
          { hetflag: true, not: { resn: "HOH" } },
          { stick: { colorscheme: "magentaCarbon", radius: 0.2 } },
        );
        viewer.zoomTo(FIT_SELECTION);
        viewer.render();
        viewerRef.current = viewer;
        setState("ready");
      })
      .catch(() => !cancelled && setState("failed"));
    return () => {
      cancelled = true;
      viewerRef.current?.clear();
      viewerRef.current = null;
      setSpinning(false);
    };
  }, [structure]);

  const toggleSpin = () => {
    viewerRef.current?.spin(spinning ? false : "y");
    setSpinning(!spinning);
  };
  const resetView = () => {
    viewerRef.current?.zoomTo(FIT_SELECTION);
    viewerRef.current?.render();
  };

  return (
    <section className="panel stack" aria-labelledby="structure-title">
      <h2 id="structure-title" className="panel__title">
        Structure: {structure.name}
      </h2>
      <p className="muted">
        Cartoon coloured by chain{chains.length > 0 && ` (${chains.join(", ")})`}; ligands as sticks with magenta
        carbons; water hidden. Drag to rotate, scroll to zoom.
      </p>
      {state === "failed" && (
        <Notice tone="error">The 3D view could not start: this browser may not support WebGL.</Notice>
      )}
      <div
        ref={containerRef}
        className="structure-viewer"
        role="img"
        aria-label={`3D view of ${structure.name}`}
        data-state={state}
      />
      <div className="button-row">
        <Button variant="secondary" size="sm" onClick={toggleSpin} disabled={state !== "ready"} aria-pressed={spinning}>
          Spin
        </Button>
        <Button variant="secondary" size="sm" onClick={resetView} disabled={state !== "ready"}>
          Reset view
        </Button>
      </div>
    </section>
  );
}
