import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Brand } from "../../../components/layouts/brand";
import { buttonClassName } from "../../../components/ui/button";
import { paths } from "../../../config/paths";

/** §2 header anchors, each mapped to the landing section that answers it. */
const NAV_ANCHORS = [
  { label: "Approach", href: "#how-it-works" },
  { label: "Science", href: "#product" },
  { label: "Partners", href: "#who-its-for" },
  { label: "News", href: "#news" },
  { label: "Contact", href: "#contact" },
];

/** §9: the header takes its scrolled style beyond 50 px. */
const SCROLL_THRESHOLD_PX = 50;

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(() => typeof window !== "undefined" && window.scrollY > threshold);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

export function SiteHeader({ earlyAccessPath }: { earlyAccessPath: string }) {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className={`site-header${scrolled ? " is-scrolled" : ""}${menuOpen ? " is-menu-open" : ""}`}>
      <div className="site-header__inner container">
        <Brand tone={scrolled || menuOpen ? "dark" : "light"} />
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="site-header__toggle-bar" aria-hidden="true" />
          <span className="site-header__toggle-bar" aria-hidden="true" />
          <span className="site-header__toggle-bar" aria-hidden="true" />
        </button>
        <div id="site-menu" className="site-header__menu">
          <nav aria-label="Main">
            <ul className="site-header__links">
              {NAV_ANCHORS.map((anchor) => (
                <li key={anchor.href}>
                  <a href={anchor.href} onClick={closeMenu}>
                    {anchor.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="site-header__actions">
            <Link to={paths.login} className={buttonClassName("ghost", "sm", "site-header__signin")}>
              Sign In
            </Link>
            <Link to={earlyAccessPath} className={buttonClassName("primary", "sm")}>
              Get Early Access
            </Link>
          </div>
        </div>
      </div>
    </header>
  );
}
