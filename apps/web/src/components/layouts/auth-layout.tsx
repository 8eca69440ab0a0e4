import { useEffect, type ReactNode } from "react";
import { Brand } from "./brand";

/** The centred card of the sign-in and sign-up pages. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Sieve`;
  }, [title]);

  return (
    <div className="auth-page">
      <header className="auth-page__brand">
        <Brand tone="dark" />
      </header>
      <main className="auth-card">
        <h1 className="auth-card__title">{title}</h1>
        <p className="auth-card__subtitle">{subtitle}</p>
        {children}
      </main>
      <footer className="auth-page__footer">Sieve is for research use only.</footer>
    </div>
  );
}
