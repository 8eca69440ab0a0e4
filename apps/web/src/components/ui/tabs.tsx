import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";

export interface Tab<Id extends string> {
  id: Id;
  label: string;
  panel: ReactNode;
}

interface TabsProps<Id extends string> {
  /** Names the tab list for screen readers, e.g. "Evidence modes". */
  label: string;
  tabs: Tab<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
}

/**
 * WAI-ARIA tabs with automatic activation: one tab stop for the whole list, arrow keys (and Home,
 * End) move between tabs and show their panel. Only the selected panel is rendered, so a hidden
 * form never holds stale errors. The owner keeps the selection (often in the URL, so it can be linked).
 */
export function Tabs<Id extends string>({ label, tabs, selected, onSelect }: TabsProps<Id>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === current?.id);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length]!;
    onSelect(target.id);
    tabRefs.current.get(target.id)?.focus();
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.id === current?.id;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={isSelected}
              // Only the shown panel exists, so only its tab may point at it.
              aria-controls={isSelected ? `${baseId}-panel-${tab.id}` : undefined}
              tabIndex={isSelected ? 0 : -1}
              className="tabs__tab"
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {current && (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${current.id}`}
          aria-labelledby={`${baseId}-tab-${current.id}`}
          className="tabs__panel"
        >
          {current.panel}
        </div>
      )}
    </div>
  );
}
