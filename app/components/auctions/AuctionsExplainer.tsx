// How auctions work, in the three steps of docs/product/auctions.md#auction-list.
import { auctionsUi } from "./auctions-styles.ts";

const AUCTION_STEPS = [
  {
    title: "Browse and bid",
    text: "Find equipment you need and place a bid. You can raise your bid any time before the auction ends.",
  },
  {
    title: "Win the auction",
    text: "The highest bid when the auction ends wins. We notify you as soon as you have won, and you then pay for the item.",
  },
  {
    title: "Secure payment",
    text: "Pay safely with buyer protection: your payment is held in escrow until you have received the equipment and confirmed it.",
  },
] as const;

export function AuctionsExplainer() {
  return (
    <section className={auctionsUi.explainer} aria-labelledby="how-auctions-work">
      <h2 id="how-auctions-work" className={auctionsUi.explainerTitle}>
        How Auctions Work
      </h2>
      <ol className={auctionsUi.steps}>
        {AUCTION_STEPS.map((step, index) => (
          <li key={step.title} className={auctionsUi.step}>
            <span className={auctionsUi.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h3 className={auctionsUi.stepTitle}>{step.title}</h3>
              <p className={auctionsUi.stepText}>{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
