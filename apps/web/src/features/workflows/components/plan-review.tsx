import { useEffect, useState } from "react";
import type { WorkflowPlan } from "@sieve/contracts";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Notice } from "../../../components/ui/notice";
import { useConfirmPlan, useParsePlan } from "../api/workflow-run";

/**
 * A custom run waits for its plan: the description is read back as objectives, constraints and
 * budget, every clause not understood is listed, and the user edits the description (re-reading it)
 * or confirms the plan, which starts the run.
 */
export function PlanReview({ runId, description }: { runId: string; description: string }) {
  const parse = useParsePlan();
  const confirm = useConfirmPlan(runId);
  const [text, setText] = useState(description);
  const { mutate } = parse;
  useEffect(() => mutate(description), [description, mutate]);
  const plan: WorkflowPlan | undefined = parse.data;

  return (
    <section className="panel stack" aria-labelledby="plan-title">
      <h2 id="plan-title" className="panel__title">
        Confirm the workflow plan
      </h2>
      <p className="muted">
        This custom run starts once its plan is confirmed. Edit the description and read it again until the plan says
        what you mean.
      </p>
      <Field label="Custom Workflow Description">
        {(control) => <textarea {...control} rows={3} value={text} onChange={(event) => setText(event.target.value)} />}
      </Field>
      <div className="button-row">
        <Button variant="secondary" onClick={() => parse.mutate(text)} disabled={parse.isPending || !text.trim()}>
          Read again
        </Button>
        <Button onClick={() => plan && confirm.mutate(plan)} disabled={!plan || confirm.isPending}>
          Confirm plan and run
        </Button>
      </div>
      {parse.isError && <Notice tone="error">{parse.error.message}</Notice>}
      {confirm.isError && <Notice tone="error">{confirm.error.message}</Notice>}
      {plan && (
        <ul className="planned-list" aria-label="Plan">
          <li>Objectives: {plan.objectives.map((o) => `${o.name} (${o.direction}, weight ${o.weight})`).join("; ")}</li>
          {plan.constraints.map((c) => (
            <li key={c.text}>Constraint: {c.text}</li>
          ))}
          <li>
            Starting molecules:{" "}
            {plan.seeds.length ? plan.seeds.join(", ") : "none (add “start from <SMILES>” or “similar to <SMILES>”)"}
          </li>
          <li>Budget: {plan.budget ?? "the run's budget"}</li>
        </ul>
      )}
      {plan && plan.not_understood.length > 0 && (
        <Notice tone="warning">Not understood, will not be applied: {plan.not_understood.join(" | ")}</Notice>
      )}
    </section>
  );
}
