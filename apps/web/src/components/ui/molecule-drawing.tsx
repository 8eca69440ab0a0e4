interface MoleculeDrawingProps {
  svg: string | undefined;
  smiles: string;
  size?: "sm" | "md";
  /** Shown in the drawing's place when there is none (yet). */
  placeholder?: string;
}

/**
 * RDKit's SVG drawn as an image: a data: URL never executes scripts or reaches the page's DOM,
 * so even a malformed drawing cannot inject markup. Shared by every page that shows structures.
 */
export function MoleculeDrawing({ svg, smiles, size = "sm", placeholder = "No drawing" }: MoleculeDrawingProps) {
  if (!svg)
    return <div className={`molecule-drawing molecule-drawing--${size} molecule-drawing--missing`}>{placeholder}</div>;
  return (
    <img
      className={`molecule-drawing molecule-drawing--${size}`}
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={`Structure of ${smiles}`}
    />
  );
}
