import type { ReactNode } from "react";

interface SectionProps {
  id: string;
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  tone?: "plain" | "muted";
  children: ReactNode;
}

/** One landing section: an anchor target with an eyebrow, a heading and its content. */
export function Section({ id, eyebrow, title, intro, tone = "plain", children }: SectionProps) {
  const titleId = `${id}-title`;
  return (
    <section id={id} className={`section section--${tone}`} aria-labelledby={titleId}>
      <div className="container">
        <p className="eyebrow">{eyebrow}</p>
        <h2 id={titleId} className="section__title">
          {title}
        </h2>
        {intro && <p className="section__intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}
