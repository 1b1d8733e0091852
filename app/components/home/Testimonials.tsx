// Three published testimonials; the section is left out when there are none.
import { gridColumns, staticClasses } from "~/lib/static-styles.ts";
import type { Testimonial } from "~/services/listings/index.server.ts";
import { home } from "./home-styles.ts";

const quotes = staticClasses("testimonials", {
  section: { py: "12", bg: "bg.subtle" },
  grid: { ...gridColumns({ base: 1, md: 3 }), gap: "5" },
  card: { slotRecipe: "card", slot: "root", css: { m: "0", h: "full" } },
  body: { slotRecipe: "card", slot: "body", css: { gap: "4" } },
  stars: { display: "flex", alignItems: "center", gap: "0.5", color: "orange.fg" },
  quote: { flex: "1" },
  author: { fontWeight: "semibold" },
});

function Stars({ rating }: { rating: number }) {
  return (
    <div className={quotes.stars} role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, index) => (
        <svg
          key={index}
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill={index < rating ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="1.5"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />
        </svg>
      ))}
    </div>
  );
}

export function Testimonials({ testimonials }: { testimonials: Testimonial[] }) {
  if (testimonials.length === 0) return null;
  return (
    <section aria-labelledby="testimonials-heading" className={quotes.section}>
      <div className={home.container}>
        <h2 id="testimonials-heading" className={home.sectionTitle}>
          What our customers say
        </h2>
        <div className={quotes.grid}>
          {testimonials.map((testimonial) => (
            <figure key={testimonial.id} className={quotes.card}>
              <div className={quotes.body}>
                <Stars rating={testimonial.rating} />
                <blockquote className={quotes.quote}>
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption>
                  <p className={quotes.author}>{testimonial.authorName}</p>
                  {testimonial.authorTitle || testimonial.company ? (
                    <p className={home.mutedSmall}>{[testimonial.authorTitle, testimonial.company].filter(Boolean).join(", ")}</p>
                  ) : null}
                </figcaption>
              </div>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
