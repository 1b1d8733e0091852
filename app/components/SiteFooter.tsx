// The global footer: policy links, newsletter, social links, copyright with the current year.
// Drawn with static classes like the header (see SiteHeader.tsx): it is on every page.
import { AppLink } from "~/components/AppLink.tsx";
import { FOOTER_LINKS, SOCIAL_LINKS } from "~/lib/navigation.ts";
import { staticClasses } from "~/lib/static-styles.ts";
import { NewsletterForm } from "./NewsletterForm.tsx";
import { classNames, shell } from "./shell-styles.ts";

const footer = staticClasses("footer", {
  root: { borderTopWidth: "1px", bg: "bg.subtle", mt: "16" },
  inner: { py: "10" },
  columns: { display: "grid", gridTemplateColumns: { base: "repeat(1, minmax(0, 1fr))", md: "repeat(3, minmax(0, 1fr))" }, gap: "8" },
  about: { display: "flex", flexDirection: "column", gap: "2" },
  brand: { fontWeight: "bold", fontSize: "lg", color: "blue.fg" },
  links: { display: "grid", gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: "1" },
  bottom: { display: "flex", mt: "8", pt: "6", borderTopWidth: "1px", justifyContent: "space-between", flexWrap: "wrap", gap: "3" },
  social: { display: "flex", alignItems: "center", gap: "4", listStyleType: "none" },
});

export function SiteFooter({ year }: { year: number }) {
  return (
    <footer className={footer.root}>
      <div className={classNames(shell.container, footer.inner)}>
        <div className={footer.columns}>
          <div className={footer.about}>
            <p className={footer.brand}>Tradebench</p>
            <p className={shell.mutedText}>The premier marketplace for industrial electronics and test equipment.</p>
          </div>
          <nav aria-label="Footer">
            <div className={footer.links}>
              {FOOTER_LINKS.map((item) => (
                <AppLink key={item.to} to={item.to} className={shell.link}>
                  {item.label}
                </AppLink>
              ))}
            </div>
          </nav>
          <NewsletterForm />
        </div>
        <div className={footer.bottom}>
          <p className={shell.mutedText}>© {year} Tradebench. All rights reserved.</p>
          <ul aria-label="Tradebench on social media" className={footer.social}>
            {SOCIAL_LINKS.map((item) => (
              <li key={item.to}>
                <a href={item.to} className={shell.link} rel="noopener noreferrer" target="_blank">
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
