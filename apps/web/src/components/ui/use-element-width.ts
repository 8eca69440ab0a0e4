import { useEffect, useRef, useState } from "react";

/**
 * The rendered width of an element, kept current with a ResizeObserver. Charts draw at this real
 * pixel width so their labels keep their size on narrow screens instead of shrinking with a viewBox.
 */
export function useElementWidth<T extends HTMLElement>(initialWidth: number, minimumWidth: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(initialWidth);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(
      ([entry]) => entry && setWidth(Math.max(minimumWidth, Math.floor(entry.contentRect.width))),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [minimumWidth]);

  return [ref, width] as const;
}
