import { ANALOG_STRATEGIES, UPLOAD_KINDS, type UploadKind } from "@sieve/contracts";
import { Checkbox, Field } from "../../../components/ui/field";
import {
  dockingDefaultsText,
  rankingDefaultsText,
  INPUT_TEXTS,
  requires,
  shows,
  type AnalogStrategy,
  type JobForm,
} from "../model/job-form";
import { ScreenFilterFields } from "./screen-filter-fields";
import { UploadButton } from "./upload-button";

const ANALOG_LABELS: Record<AnalogStrategy, string> = {
  generate_simple_analogs: "Simple analogs (generate_simple_analogs)",
  generate_diverse_analogs: "Diverse analogs (generate_diverse_analogs)",
  generate_bioisosteres: "Bioisosteres (generate_bioisosteres)",
  upload_custom: "Upload a custom set (upload_custom)",
};

interface JobInputsProps {
  form: JobForm;
  update: (patch: Partial<JobForm>) => void;
  busy: boolean;
  onUpload: (kind: UploadKind, file: File) => void;
}

function accepts(kind: UploadKind): string {
  return `Accepts ${UPLOAD_KINDS[kind].join(", ")}.`;
}

/** The inputs of the chosen workflow (§2, §5); required ones carry `required` so the browser checks them. */
export function JobInputs({ form, update, busy, onUpload }: JobInputsProps) {
  return (
    <>
      {shows(form, "targetProtein") && (
        <Field label="Target Protein" hint={`${INPUT_TEXTS.targetProtein.hint} ${accepts("protein")}`}>
          {(control) => (
            <div className="input-with-action">
              <input
                {...control}
                name="targetProtein"
                required={requires(form, "targetProtein")}
                placeholder={INPUT_TEXTS.targetProtein.placeholder}
                value={form.targetProtein}
                onChange={(e) => update({ targetProtein: e.target.value })}
              />
              <UploadButton kind="protein" label="Upload PDB" disabled={busy} onFile={onUpload} />
            </div>
          )}
        </Field>
      )}
      {shows(form, "compoundLibrary") && (
        <Field label="Compound Library" hint={`${INPUT_TEXTS.compoundLibrary.hint} ${accepts("compound_library")}`}>
          {(control) => (
            <div className="input-with-action">
              <input
                {...control}
                name="compoundLibrary"
                required={requires(form, "compoundLibrary")}
                placeholder={INPUT_TEXTS.compoundLibrary.placeholder}
                value={form.compoundLibrary}
                onChange={(e) => update({ compoundLibrary: e.target.value })}
              />
              <UploadButton kind="compound_library" label="Upload library" disabled={busy} onFile={onUpload} />
            </div>
          )}
        </Field>
      )}
      {shows(form, "hitCompounds") && (
        <Field label="Hit Compounds" hint={`SMILES, one per line, or an uploaded file. ${accepts("hit_compounds")}`}>
          {(control) => (
            <div className="input-with-action input-with-action--stacked">
              <textarea
                {...control}
                name="hitCompounds"
                rows={4}
                required={requires(form, "hitCompounds")}
                placeholder="CC(=O)Oc1ccccc1C(=O)O"
                value={form.hitCompounds}
                onChange={(e) => update({ hitCompounds: e.target.value })}
              />
              <UploadButton kind="hit_compounds" label="Upload hits" disabled={busy} onFile={onUpload} />
            </div>
          )}
        </Field>
      )}
      {shows(form, "analogs") && (
        <Field
          label="Analog Generation Strategy"
          hint={
            form.analogsInput === "upload_custom"
              ? form.analogsFile
                ? `Custom set: ${form.analogsFile}`
                : accepts("analogs")
              : undefined
          }
        >
          {(control) => (
            <div className="input-with-action">
              <select
                {...control}
                name="analogsInput"
                value={form.analogsInput}
                onChange={(e) => update({ analogsInput: e.target.value as AnalogStrategy })}
              >
                {ANALOG_STRATEGIES.map((strategy) => (
                  <option key={strategy} value={strategy}>
                    {ANALOG_LABELS[strategy]}
                  </option>
                ))}
              </select>
              {form.analogsInput === "upload_custom" && (
                <UploadButton kind="analogs" label="Upload analogs" disabled={busy} onFile={onUpload} />
              )}
            </div>
          )}
        </Field>
      )}
      {shows(form, "customMessage") && (
        <Field label="Custom Workflow Description" hint="Describe the workflow in natural language.">
          {(control) => (
            <textarea
              {...control}
              name="customMessage"
              rows={5}
              required={requires(form, "customMessage")}
              value={form.customMessage}
              onChange={(e) => update({ customMessage: e.target.value })}
            />
          )}
        </Field>
      )}
      {shows(form, "docking") && (
        <Checkbox
          name="includeDocking"
          label="Include docking"
          checked={form.includeDocking}
          onChange={(includeDocking) => update({ includeDocking })}
        />
      )}
      {shows(form, "docking") && form.includeDocking && <p className="field__hint">{dockingDefaultsText()}</p>}
      {shows(form, "filters") && <p className="field__hint">{rankingDefaultsText()}</p>}
      {shows(form, "filters") && (
        <ScreenFilterFields
          filters={form.filters}
          onChange={(filters) => update({ filters })}
          leadOptimization={form.jobType === "lead_opt"}
        />
      )}
      <Field label="Output Location" optional hint={INPUT_TEXTS.outputLocation.hint}>
        {(control) => (
          <input
            {...control}
            name="outputLocation"
            placeholder={INPUT_TEXTS.outputLocation.placeholder}
            value={form.outputLocation}
            onChange={(e) => update({ outputLocation: e.target.value })}
          />
        )}
      </Field>
    </>
  );
}
