import { Link } from "react-router";
import { Brand } from "../../../components/layouts/brand";
import { paths } from "../../../config/paths";
import { SOCIAL_LINKS } from "../content";
import { NewsletterForm } from "./newsletter-form";

/** §2 footer anchors; each names an element id on the landing page. */
const FOOTER_COLUMNS = [
  {
    title: "Product",
    links: [
      { label: "Services", href: "#services" },
      { label: "Documentation", href: "#documentation" },
      { label: "FAQ", href: "#faq" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About", href: "#about" },
      { label: "Testimonials", href: "#testimonials" },
      { label: "Blog", href: "#blog" },
      { label: "Contact", href: "#contact" },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Brand tone="light" />
          <p>Self-service drug-target narrowing. For research use only.</p>
          <ul className="site-footer__social" aria-label="Social links">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.label}>
                <a href={link.href} target="_blank" rel="noreferrer noopener">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title} className="site-footer__column">
            <h2 className="site-footer__heading">{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="site-footer__newsletter">
          <NewsletterForm />
        </div>
      </div>
      <div className="container site-footer__legal">
        <p>© Sieve. Pricing covers digital narrowing only. Lab work is not included.</p>
        <Link to={paths.login}>Sign In</Link>
      </div>
    </footer>
  );
}
