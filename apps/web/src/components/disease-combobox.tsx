import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { useDiseaseSuggestions, type DiseaseSuggestion } from "../lib/disease-suggestions";
import type { ControlProps } from "./ui/field";

/** Typing pauses this long before the ontology is asked, so a fast typist sends one request, not one per key. */
const DEBOUNCE_MS = 150;

interface DiseaseComboboxProps {
  control: ControlProps;
  value: string;
  onChange: (text: string) => void;
  onChoose: (disease: DiseaseSuggestion) => void;
}

/**
 * The disease input with suggestions from the Disease Ontology (WAI-ARIA combobox with a list
 * popup): type at least two characters, move with the arrow keys, Enter or a click takes one,
 * Escape closes the list. Focus never leaves the input; the active option is announced through
 * aria-activedescendant.
 */
export function DiseaseCombobox({ control, value, onChange, onChoose }: DiseaseComboboxProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebouncedValue(value, DEBOUNCE_MS);
  const suggestions = useDiseaseSuggestions(open ? query : "");
  const items = open && value.trim().length >= 2 ? (suggestions.data ?? []) : [];
  const expanded = items.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const choose = (item: DiseaseSuggestion) => {
    onChoose(item);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(-1);
        return;
      }
      if (items.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) =>
        current === -1 && step === -1 ? items.length - 1 : (current + step + items.length) % items.length,
      );
    } else if (event.key === "Enter" && expanded && active >= 0 && items[active]) {
      // Enter takes the highlighted option instead of submitting the form.
      event.preventDefault();
      choose(items[active]);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="combobox">
      <input
        {...control}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        maxLength={300}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
      />
      <ul id={listId} role="listbox" aria-label="Disease suggestions" className="combobox__list" hidden={!expanded}>
        {items.map((item, index) => (
          <li
            key={item.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="combobox__option"
            // Pressing (not releasing) would blur the input and close the list before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(item)}
            onMouseMove={() => index !== active && setActive(index)}
          >
            <span className="combobox__name">{item.name}</span> <span className="combobox__id">{item.id}</span>
            {item.matched && item.matched.toLowerCase() !== item.name.toLowerCase() && (
              <span className="combobox__matched">matched “{item.matched}”</span>
            )}
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {expanded ? `${items.length} suggestion${items.length === 1 ? "" : "s"}; use the arrow keys to choose.` : ""}
      </p>
    </div>
  );
}

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
