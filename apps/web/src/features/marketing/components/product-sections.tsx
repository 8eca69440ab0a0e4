import { buttonClassName } from "../../../components/ui/button";
import { apiBase } from "../../../config/env";
import { CAPABILITIES, STEPS, VALUE_PILLARS } from "../content";
import { Section } from "./section";

/** Value pillars; also the footer's #about target. */
export function ValuePillars() {
  return (
    <Section id="about" eyebrow="Why Sieve" title="Target narrowing without the specialist bottleneck">
      <ul className="pillars">
        {VALUE_PILLARS.map((pillar) => (
          <li key={pillar.title} className="pillar">
            <span className="pillar__figure">{pillar.figure}</span>
            <h3 className="pillar__title">{pillar.title}</h3>
            <p>{pillar.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Capabilities (#product); the header's Science link lands here. */
export function Capabilities() {
  return (
    <Section
      id="product"
      eyebrow="Science"
      title="Capabilities"
      tone="muted"
      intro="One platform from disease context to a documented target decision."
    >
      <ul className="card-grid">
        {CAPABILITIES.map((capability, index) => (
          <li key={capability.title} className="card">
            <span className="card__index" aria-hidden="true">
              {String(index + 1).padStart(2, "0")}
            </span>
            <h3 className="card__title">{capability.title}</h3>
            <p>{capability.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** How it works, in three steps; the header's Approach link lands here. */
export function HowItWorks() {
  return (
    <Section id="how-it-works" eyebrow="Approach" title="How it works">
      <ol className="steps">
        {STEPS.map((step, index) => (
          <li key={step.title} className="step">
            <span className="step__number" aria-hidden="true">
              {index + 1}
            </span>
            <h3 className="step__title">{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
      <div className="section__actions">
        <a href="#contact" className={buttonClassName("primary")}>
          Start a Sprint
        </a>
        {/* The public sample dossier, built from the demonstration data (labelled demo inside). */}
        <a
          href={`${apiBase()}/v1/reports/sample/report.html`}
          target="_blank"
          rel="noopener"
          className={buttonClassName("secondary")}
        >
          See a sample target dossier
        </a>
      </div>
    </Section>
  );
}
