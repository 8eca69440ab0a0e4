import { Button, buttonClassName } from "../../../components/ui/button";
import { POSITIONING, TRUST_CLAIMS } from "../content";

/** §2: Get Early Access calls the page's handler; Explore the Platform leads to the capabilities. */
export function Hero({ onGetEarlyAccess }: { onGetEarlyAccess: () => void }) {
  return (
    <section id="hero" className="hero" aria-labelledby="hero-title">
      <div className="container hero__grid">
        <div className="hero__copy">
          <p className="eyebrow eyebrow--light">{POSITIONING.eyebrow}</p>
          <h1 id="hero-title" className="hero__title">
            {POSITIONING.headline}
          </h1>
          <p className="hero__lede">{POSITIONING.lede}</p>
          <div className="hero__actions">
            <Button size="lg" onClick={onGetEarlyAccess}>
              Get Early Access
            </Button>
            <a href="#product" className={buttonClassName("inverse", "lg")}>
              Explore the Platform
            </a>
          </div>
        </div>
        <aside className="hero__trust" aria-label="How your data is protected">
          <h2 className="hero__trust-title">Built for data you can't share</h2>
          <ul>
            {TRUST_CLAIMS.map((claim) => (
              <li key={claim.title}>
                <strong>{claim.title}</strong>
                <span>{claim.text}</span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </section>
  );
}
