// For signed-in users: the way to their saved searches (the screen itself is on /watchlist).
import { Link as RemixLink } from "@remix-run/react";
import { shell } from "~/components/shell-styles.ts";
import { ui } from "./listings-styles.ts";

export function SavedSearchesCard() {
  return (
    <section className={ui.savedCard} aria-labelledby="saved-searches-heading">
      <div className={ui.savedCardBody}>
        <h2 id="saved-searches-heading" className={ui.savedCardTitle}>
          Saved Searches
        </h2>
        <p className={shell.mutedText}>Run your saved searches again and manage their alerts.</p>
        <RemixLink to="/watchlist?tab=saved-searches" className={ui.savedCardLink}>
          View Saved Searches
        </RemixLink>
      </div>
    </section>
  );
}
