import { useEffect, useState } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { SIDEBAR_LINKS, paths } from "../../config/paths";
import { useLogout } from "../../lib/auth";
import { Brand } from "./brand";

/** The signed-in shell: the §2 sidebar (a collapsible menu on narrow screens) beside the page. */
export function DashboardLayout() {
  const logout = useLogout();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  // A navigation closes the narrow-screen menu so the new page is visible.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <div className="shell">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <aside className="sidebar" data-open={menuOpen}>
        {/* The aside paints the dark column down the whole page; its contents stay in view while the page scrolls. */}
        <div className="sidebar__inner">
          <div className="sidebar__top">
            <Brand tone="light" />
            <button
              type="button"
              className="sidebar__toggle"
              aria-expanded={menuOpen}
              aria-controls="sidebar-nav"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? "Close menu" : "Menu"}
            </button>
          </div>
          <nav id="sidebar-nav" className="sidebar__nav" aria-label="Dashboard">
            <ul>
              {SIDEBAR_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.to === paths.dashboard} className="sidebar__link">
                    {link.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <button type="button" className="sidebar__link sidebar__logout" onClick={logout}>
                  Logout
                </button>
              </li>
            </ul>
          </nav>
        </div>
      </aside>
      <main id="main-content" className="shell__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
