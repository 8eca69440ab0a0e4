import { useSearchParams } from "react-router";

/**
 * The selected tab kept in the address (`?<param>=<id>`), so a tab can be linked and survives a
 * reload; an unknown or missing value selects the first tab. Switching tabs replaces the history
 * entry rather than adding one per click.
 */
export function useTabParam<Id extends string>(param: string, ids: readonly Id[]): [Id, (id: Id) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get(param);
  const selected = ids.find((id) => id === requested) ?? ids[0]!;
  const select = (id: Id) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(param, id);
        return next;
      },
      { replace: true },
    );
  return [selected, select];
}
