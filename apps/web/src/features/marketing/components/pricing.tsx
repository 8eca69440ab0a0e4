import { buttonClassName } from "../../../components/ui/button";
import { PRICING_NOTE, PRICING_PLANS } from "../content";
import { Section } from "./section";

/** Pricing (#pricing); the plans are the services the footer's #services points at. Every card leads to #contact. */
export function Pricing() {
  return (
    <Section id="pricing" eyebrow="Pricing" title="Launch pricing" intro={PRICING_NOTE}>
      <ul id="services" className="pricing-grid">
        {PRICING_PLANS.map((plan) => (
          <li key={plan.name} className={`price-card${plan.featured ? " price-card--featured" : ""}`}>
            {plan.featured && <p className="price-card__flag">Featured</p>}
            <h3 className="price-card__name">{plan.name}</h3>
            <p className="price-card__price">{plan.price}</p>
            <ul className="price-card__features">
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <a
              href="#contact"
              className={buttonClassName(plan.featured ? "primary" : "secondary", "md", "price-card__cta")}
            >
              {plan.cta}
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}
