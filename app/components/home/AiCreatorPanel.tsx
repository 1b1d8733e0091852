// The AI listing creator, as the hero's side panel: sellers open the wizard (/create-listing?tab=ai) or the listing
// form; visitors may try the wizard's first two steps and sign in to save (docs/decisions/0022-ai-wizard.md).
import { AppLink } from "~/components/AppLink.tsx";
import { staticClasses } from "~/lib/static-styles.ts";
import { classNames } from "~/components/shell-styles.ts";
import { home } from "./home-styles.ts";
import type { HomeViewer } from "./viewer.ts";

const STEPS = [
  "You give the brand, model, condition and a few photos.",
  "The assistant drafts the title, description, specifications and features.",
  "It suggests a price from comparable listings; you review and publish.",
];

const panel = staticClasses("ai-panel", {
  root: { slotRecipe: "card", slot: "root", variants: { variant: "elevated" }, css: { bg: "bg" } },
  body: { slotRecipe: "card", slot: "body", variants: { variant: "elevated" }, css: { gap: "4" } },
  header: { display: "flex", justifyContent: "space-between", alignItems: "start", gap: "3" },
  title: { recipe: "heading", variants: { size: "lg" } },
  badge: { recipe: "badge", variants: { variant: "surface" }, css: { colorPalette: "purple", flexShrink: "0" } },
  steps: { slotRecipe: "list", slot: "root", css: { gap: "2", ps: "5", color: "fg.muted" } },
  step: { slotRecipe: "list", slot: "item" },
  aiButton: { recipe: "button", css: { colorPalette: "purple" } },
  formButton: { recipe: "button", variants: { variant: "outline" }, css: { colorPalette: "blue" } },
  noteSpaced: { mb: "3" },
});

export function AiCreatorPanel({ viewer }: { viewer: HomeViewer }) {
  return (
    <section aria-labelledby="ai-creator-heading" className={panel.root}>
      <div className={panel.body}>
        <div className={panel.header}>
          <h2 id="ai-creator-heading" className={panel.title}>
            AI listing creator
          </h2>
          <span className={panel.badge}>Free</span>
        </div>
        <ol className={panel.steps}>
          {STEPS.map((step) => (
            <li key={step} className={panel.step}>
              {step}
            </li>
          ))}
        </ol>
        <div>
          {viewer.canSell ? (
            <div className={home.buttonRow}>
              <AppLink to="/create-listing?tab=ai" className={panel.aiButton}>
                Create with AI
              </AppLink>
              <AppLink to="/create-listing" className={panel.formButton}>
                Create Listing
              </AppLink>
            </div>
          ) : viewer.signedIn ? (
            <p className={home.mutedSmall}>Listing equipment is open to seller accounts.</p>
          ) : (
            <>
              <p className={classNames(home.mutedSmall, panel.noteSpaced)}>Try it without an account; to save the listing, sign in with a seller account.</p>
              <AppLink to="/create-listing?tab=ai" className={panel.aiButton}>
                Try the AI listing creator
              </AppLink>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
