/** Which rows of a long list a scroll box shows: the ones in view plus `overscan` on either side. */
export interface RowWindow {
  start: number;
  /** One past the last row rendered. */
  end: number;
}

export function rowWindow(
  count: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  overscan: number,
): RowWindow {
  if (count === 0 || rowHeight <= 0) return { start: 0, end: count };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const last = Math.ceil((Math.max(0, scrollTop) + Math.max(0, viewportHeight)) / rowHeight);
  const start = Math.min(Math.max(0, first - overscan), Math.max(0, count - 1));
  return { start, end: Math.min(count, Math.max(start + 1, last + overscan)) };
}
