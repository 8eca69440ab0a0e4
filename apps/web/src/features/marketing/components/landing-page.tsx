import { useEffect } from "react";
import { Capabilities, HowItWorks, ValuePillars } from "./product-sections";
import { ContactSection } from "./contact-section";
import { Faq, News, WhoItsFor } from "./audience-sections";
import { Hero } from "./hero";
import { Pricing } from "./pricing";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** Sections render after the first paint, so a deep link such as /#pricing is scrolled to by hand. */
function useInitialHashScroll() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
}

export function LandingPage({
  earlyAccessPath,
  onGetEarlyAccess,
}: {
  earlyAccessPath: string;
  onGetEarlyAccess: () => void;
}) {
  useInitialHashScroll();
  useEffect(() => {
    document.title = "Sieve · Drug-target narrowing";
  }, []);

  return (
    <div className="landing">
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <SiteHeader earlyAccessPath={earlyAccessPath} />
      <main id="main-content">
        <Hero onGetEarlyAccess={onGetEarlyAccess} />
        <ValuePillars />
        <Capabilities />
        <HowItWorks />
        <WhoItsFor />
        <Pricing />
        <News />
        <Faq />
        <ContactSection />
      </main>
      <SiteFooter />
    </div>
  );
}
