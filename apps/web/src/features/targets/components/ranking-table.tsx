import { memo, useEffect, useLayoutEffect, useRef, useState } from "react";
import { TARGET_COMPONENTS, type TargetResult } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { formatDecimal } from "../../../lib/format";
import { approvedLabel, COMPONENT_LABELS, formatComponent, formatCoverage, type RankedTarget } from "../model/ranking";
import { rowWindow } from "../model/row-window";

interface RankingTableProps {
  caption: string;
  ranked: RankedTarget[];
  /** Opens a gene's evidence panel; without it gene symbols are plain text. */
  onOpenGene?: (symbol: string) => void;
}

const HEADERS = [
  "Rank",
  "Gene",
  "Priority",
  "Coverage",
  "Approved for this disease",
  ...TARGET_COMPONENTS.map((component) => COMPONENT_LABELS[component]),
  "Protein",
  "UniProt",
  "Avg evidence",
  "N evidence",
  "Novelty",
];
const NUMERIC = new Set([
  "Rank",
  "Priority",
  "Coverage",
  ...TARGET_COMPONENTS.map((component) => COMPONENT_LABELS[component]),
  "Avg evidence",
  "N evidence",
  "Novelty",
]);
/** Rows rendered above and below the ones in view, so fast scrolling rarely shows the blank spacer. */
const OVERSCAN = 6;
/** Until the first row is measured; the stylesheet gives every row one line, so all rows are this tall. */
const ESTIMATED_ROW_HEIGHT = 37;
/** Narrow screens show cards, added a page at a time instead of windowed. */
const CARD_PAGE = 25;
const NARROW = "(max-width: 640px)";

/**
 * The ranking, built so a slider move repaints within 50 ms at p95 for 1,000 rows. Laying out and
 * moving 1,000 table rows costs the browser far more than that, so the table is windowed: its box
 * scrolls and only the rows in view (plus an overscan) are in the document, between two spacer rows
 * that keep the scroll height; aria-rowcount and aria-rowindex tell assistive technology where they
 * are. Rows are memoised and keyed by HGNC id, and only the rank and priority cells depend on the
 * weights. Below 640 px the rows become labelled cards, shown 25 at a time.
 */
export const RankingTable = memo(function RankingTable({ caption, ranked, onOpenGene }: RankingTableProps) {
  const narrow = useMediaQuery(NARROW);
  const box = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLTableSectionElement>(null);
  // Scroll position in whole rows, so scrolling re-renders only when a row boundary is crossed.
  const [view, setView] = useState({ top: 0, height: 800, rowHeight: ESTIMATED_ROW_HEIGHT });
  const [cards, setCards] = useState(CARD_PAGE);
  const hasRows = ranked.length > 0;

  const { start, end } = narrow
    ? { start: 0, end: Math.min(cards, ranked.length) }
    : rowWindow(ranked.length, view.top, view.height, view.rowHeight, OVERSCAN);

  useLayoutEffect(() => {
    if (narrow || !box.current) return;
    const element = box.current;
    // Reading sizes forces a layout, so it happens on scroll and resize only, never on a re-rank.
    const measure = () => {
      const header = element.querySelector("thead")?.offsetHeight ?? 0;
      const row = body.current?.querySelector<HTMLTableRowElement>("tr[aria-rowindex]");
      setView((current) => {
        const rowHeight = row?.offsetHeight || current.rowHeight;
        const top = Math.floor(Math.max(0, element.scrollTop - header) / rowHeight) * rowHeight;
        const next = { top, height: element.clientHeight, rowHeight };
        return next.top === current.top && next.height === current.height && next.rowHeight === current.rowHeight
          ? current
          : next;
      });
    };
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      element.removeEventListener("scroll", measure);
      observer.disconnect();
    };
    // Measured again once the first rows are there, and when the layout switches between table and cards.
  }, [narrow, hasRows]);

  return (
    <>
      {/* The box scrolls on its own, so it takes focus for keyboard scrolling. */}
      <div ref={box} className="table-wrap ranking-table" tabIndex={0} role="region" aria-label={caption}>
        <table className="table" aria-rowcount={ranked.length + 1}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr aria-rowindex={1}>
              {HEADERS.map((header) => (
                <th key={header} scope="col" className={NUMERIC.has(header) ? "align-end" : undefined}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody ref={body}>
            {start > 0 && <Spacer height={start * view.rowHeight} />}
            {ranked.slice(start, end).map(({ result, rank, score, coverage }) => (
              <RankingRow
                key={result.target.hgnc_id}
                result={result}
                rank={rank}
                score={score}
                coverage={coverage}
                onOpenGene={onOpenGene}
              />
            ))}
            {end < ranked.length && !narrow && <Spacer height={(ranked.length - end) * view.rowHeight} />}
          </tbody>
        </table>
      </div>
      {narrow && end < ranked.length && (
        <p className="table-more">
          Showing {end.toLocaleString("en")} of {ranked.length.toLocaleString("en")} targets.{" "}
          <Button variant="secondary" size="sm" onClick={() => setCards((count) => count + CARD_PAGE)}>
            Show {Math.min(CARD_PAGE, ranked.length - end)} more
          </Button>
        </p>
      )}
    </>
  );
});

/** Stands in for the rows outside the window, so the box keeps the full list's scroll height. */
function Spacer({ height }: { height: number }) {
  return (
    <tr aria-hidden="true" className="ranking-table__spacer">
      <td colSpan={HEADERS.length} style={{ height }} />
    </tr>
  );
}

interface RowProps {
  result: TargetResult;
  rank: number;
  score: number;
  coverage: number;
  onOpenGene?: (symbol: string) => void;
}

const RankingRow = memo(function RankingRow({ result, rank, score, coverage, onOpenGene }: RowProps) {
  const symbol = result.target.gene_symbol;
  const approved = approvedLabel(result);
  return (
    <tr aria-rowindex={rank + 1}>
      <td data-label="Rank" className="align-end">
        {rank}
      </td>
      <td data-label="Gene">
        {onOpenGene ? (
          <button
            type="button"
            className="link-button ranking-table__gene"
            aria-haspopup="dialog"
            onClick={() => onOpenGene(symbol)}
          >
            {symbol}
          </button>
        ) : (
          <strong>{symbol}</strong>
        )}
      </td>
      <td data-label="Priority" className="align-end ranking-table__priority">
        {score.toFixed(3)}
      </td>
      <td
        data-label="Coverage"
        className="align-end"
        title={`${formatCoverage(coverage)} of the weights have data for ${symbol}; the priority is renormalised over them`}
      >
        {formatCoverage(coverage)}
      </td>
      <td data-label="Approved for this disease" className="ranking-table__approved" title={approved ?? undefined}>
        {approved ? result.approved_for_disease.join(", ") : "—"}
      </td>
      <FixedCells result={result} />
    </tr>
  );
});

/** The components, protein and evidence counts: fixed for one answer, whatever the weights. */
const FixedCells = memo(function FixedCells({ result }: { result: TargetResult }) {
  const { target, components, aggregate } = result;
  return (
    <>
      {TARGET_COMPONENTS.map((component) => {
        const value = components[component];
        return (
          <td
            key={component}
            data-label={COMPONENT_LABELS[component]}
            className={value === null ? "align-end ranking-table__no-data" : "align-end"}
          >
            {formatComponent(value)}
          </td>
        );
      })}
      <td data-label="Protein" className="ranking-table__protein" title={target.protein_name ?? undefined}>
        {target.protein_name ?? "—"}
      </td>
      <td data-label="UniProt">{target.uniprot_id ?? "—"}</td>
      <td data-label="Avg evidence" className="align-end">
        {formatDecimal(aggregate.avg_evidence_score)}
      </td>
      <td data-label="N evidence" className="align-end">
        {aggregate.n_evidence}
      </td>
      <td data-label="Novelty" className={result.novelty === null ? "align-end ranking-table__no-data" : "align-end"}>
        {result.novelty === null ? "no data" : formatDecimal(result.novelty)}
      </td>
    </>
  );
});

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window !== "undefined" && window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, [query]);
  return matches;
}
