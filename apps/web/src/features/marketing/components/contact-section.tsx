import { ContactForm } from "./contact-form";
import { Section } from "./section";

/** Contact (#contact): the target of every pricing card, Start a Sprint and Book a Call. */
export function ContactSection() {
  return (
    <Section id="contact" eyebrow="Contact" title="Start a sprint or book a call">
      <div className="contact-layout">
        <div className="contact-layout__text">
          <p>
            Tell us about your disease area and what a good target looks like for your program. We will reply to scope a
            sprint with you.
          </p>
          <ul className="check-list">
            <li>Fixed-scope sprints with a dossier and replay bundle</li>
            <li>Digital narrowing only; lab work is not included</li>
            <li>Research use only</li>
          </ul>
        </div>
        <ContactForm />
      </div>
    </Section>
  );
}
