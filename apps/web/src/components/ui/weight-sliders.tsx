import { memo } from "react";
import { Button } from "./button";
import { Field } from "./field";

export interface WeightItem<Key extends string> {
  key: Key;
  /** What the weight scales, e.g. "Literature"; the control is labelled "Literature weight (w_lit)". */
  label: string;
}

interface WeightSlidersProps<Key extends string> {
  legend: string;
  items: readonly WeightItem<Key>[];
  weights: Record<Key, number>;
  onChange: (key: Key, value: number) => void;
  onReset: () => void;
}

/** §5: re-weight sliders run from 0 to 1 in steps of 0.05. */
export const WEIGHT_STEP = 0.05;

/**
 * One slider per composite weight with its value beside it as a number input (typed values are
 * kept in 0–1), and a "Reset weights" button. Arrow keys, Page Up/Down, Home and End move a slider.
 */
function WeightSlidersImpl<Key extends string>({ legend, items, weights, onChange, onReset }: WeightSlidersProps<Key>) {
  return (
    <fieldset className="fieldset">
      <legend>{legend}</legend>
      <div className="weight-grid">
        {items.map(({ key, label }) => (
          <Field key={key} label={`${label} weight (${key})`}>
            {(control) => (
              <div className="weight-control">
                <input
                  {...control}
                  type="range"
                  min={0}
                  max={1}
                  step={WEIGHT_STEP}
                  value={weights[key]}
                  onChange={(event) => onChange(key, Number(event.target.value))}
                />
                <input
                  type="number"
                  aria-label={`${label} weight (${key}), value`}
                  min={0}
                  max={1}
                  step={WEIGHT_STEP}
                  value={weights[key]}
                  onChange={(event) => onChange(key, clamp(event.target.valueAsNumber))}
                />
              </div>
            )}
          </Field>
        ))}
      </div>
      <div className="button-row weight-reset">
        <Button variant="secondary" size="sm" onClick={onReset}>
          Reset weights
        </Button>
      </div>
    </fieldset>
  );
}

function clamp(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

export const WeightSliders = memo(WeightSlidersImpl) as typeof WeightSlidersImpl;
