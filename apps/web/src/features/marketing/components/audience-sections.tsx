import { AUDIENCES, FAQ, NEWS } from "../content";
import { Section } from "./section";

/** Who it's for; the header's Partners link lands here, the footer's #testimonials inside it. */
export function WhoItsFor() {
  return (
    <Section id="who-its-for" eyebrow="Partners" title="Who it's for" tone="muted">
      <ul className="card-grid card-grid--three">
        {AUDIENCES.map((audience) => (
          <li key={audience.title} className="card">
            <h3 className="card__title">{audience.title}</h3>
            <p>{audience.text}</p>
          </li>
        ))}
      </ul>
      <div id="testimonials" className="aside-note">
        <h3 className="aside-note__title">Testimonials</h3>
        <p>We will publish partner stories here once the first early-access sprints are complete, and not before.</p>
      </div>
    </Section>
  );
}

/** News (#news) with the footer's #blog inside it. */
export function News() {
  return (
    <Section id="news" eyebrow="News" title="Updates">
      <ul className="news-list">
        {NEWS.map((item) => (
          <li key={item.title} className="news-item">
            <h3 className="news-item__title">{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ))}
      </ul>
      <div id="blog" className="aside-note">
        <h3 className="aside-note__title">Blog</h3>
        <p>
          The blog has not started yet. Subscribe to the newsletter at the bottom of this page to hear when it does.
        </p>
      </div>
    </Section>
  );
}

/** FAQ (#faq) with the footer's #documentation inside it. */
export function Faq() {
  return (
    <Section id="faq" eyebrow="FAQ" title="Questions we hear most" tone="muted">
      <div className="faq">
        {FAQ.map((entry) => (
          <details key={entry.question} className="faq__item">
            <summary>{entry.question}</summary>
            <p>{entry.answer}</p>
          </details>
        ))}
      </div>
      <div id="documentation" className="aside-note">
        <h3 className="aside-note__title">Documentation</h3>
        <p>
          The HTTP API is documented in the <a href="/docs">API reference</a> (OpenAPI), served by every Sieve
          deployment.
        </p>
      </div>
    </Section>
  );
}
