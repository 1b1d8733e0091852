// A link to a page of the app, for the links every page repeats (the header, the footer, listing cards, the
// listing pages' pagination and sidebar): the same <a> and the same client-side navigation as Remix's <Link>, for a
// fraction of its server render. Remix's <Link> resolves its path twice and runs a dozen hooks per link (React
// Router's useHref, useResolvedPath, useLinkClickHandler, useNavigate, Remix's prefetch state and effects); a page
// with 60 links paid ~0.2–0.3 ms of CPU for them on every render (docs/decisions/0044, addendum "links").
//
// What is kept, for a `to` that is a path from the root (no resolution is needed, so none is done; anything else is
// handed to <Link>):
// - the markup: `<a href={to} data-discover="true">` as <Link> renders it, so Remix's route discovery
//   (v3_lazyRouteDiscovery) still finds the link, and hydration meets the same attributes;
// - a plain left click (no modifier key, no other target) navigates inside the app with React Router's navigate,
//   replacing the history entry when the link is the current address, as <Link> does; the caller's onClick runs first
//   and may prevent it; other clicks are the browser's;
// - `prefetch="intent"`: hovering, touching or focusing the link for 100 ms adds Remix's <PrefetchPageLinks> for it,
//   and leaving or blurring it removes them (one intent at a time, held by AppLinks below).
// One context read per link; the navigate function and the intent state live once in <AppLinks> (the root).
// Outside <AppLinks> (a component rendered alone in a test) it is Remix's <Link>.
import { Link as RemixLink, PrefetchPageLinks, useNavigate } from "@remix-run/react";
import { createContext, useContext, useEffect, useMemo, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from "react";

interface AppLinkHandlers {
  follow: (event: MouseEvent<HTMLAnchorElement>) => void;
  intend: (event: { currentTarget: HTMLAnchorElement }) => void;
  cancelIntent: () => void;
}

const AppLinkContext = createContext<AppLinkHandlers | null>(null);

function isModifiedClick(event: MouseEvent): boolean {
  return event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
}

/** Holds navigation and the prefetch intent for every AppLink below it (once, in the root's layout). */
export function AppLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [intended, setIntended] = useState<string | null>(null);
  const [prefetched, setPrefetched] = useState<string | null>(null);
  useEffect(() => {
    if (intended === null) return;
    const timer = setTimeout(() => setPrefetched(intended), 100);
    return () => clearTimeout(timer);
  }, [intended]);

  const handlers = useMemo<AppLinkHandlers>(
    () => ({
      follow(event) {
        if (event.defaultPrevented || event.button !== 0 || isModifiedClick(event)) return;
        const anchor = event.currentTarget;
        const target = anchor.getAttribute("target");
        if (target && target !== "_self") return;
        event.preventDefault();
        const here = window.location;
        // React Router's <Link> replaces the entry when the link leads to the current address.
        const replace = anchor.pathname === here.pathname && anchor.search === here.search && anchor.hash === here.hash;
        navigate(anchor.getAttribute("href") ?? "/", { replace });
      },
      intend(event) {
        setIntended(event.currentTarget.getAttribute("href"));
      },
      cancelIntent() {
        setIntended(null);
        setPrefetched(null);
      },
    }),
    [navigate],
  );

  return (
    <AppLinkContext.Provider value={handlers}>
      {children}
      {prefetched !== null ? <PrefetchPageLinks page={prefetched} /> : null}
    </AppLinkContext.Provider>
  );
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">;

export interface AppLinkProps extends AnchorProps {
  /** An address inside the app: a path from the root ("/…"), with an optional query and fragment. */
  to: string;
  /** As Remix's <Link>: "intent" prefetches the page's modules and data while the pointer or focus is on the link. */
  prefetch?: "none" | "intent";
}

export function AppLink({ to, prefetch = "none", onClick, onMouseEnter, onMouseLeave, onFocus, onBlur, onTouchStart, ...rest }: AppLinkProps) {
  const handlers = useContext(AppLinkContext);
  // Anything but a path from the root (a relative path, "//host", a URL) is resolved by Remix's <Link>.
  if (!handlers || to.charCodeAt(0) !== 47 /* / */ || to.charCodeAt(1) === 47) {
    const events = { onClick, onMouseEnter, onMouseLeave, onFocus, onBlur, onTouchStart };
    return <RemixLink to={to} prefetch={prefetch} {...events} {...rest} />;
  }
  // The shared handlers themselves when the caller gives none of its own (no closures per link).
  const intent = prefetch === "intent";
  return (
    <a
      {...rest}
      data-discover="true"
      href={to}
      onClick={compose(onClick, handlers.follow)}
      onMouseEnter={intent ? compose(onMouseEnter, handlers.intend) : onMouseEnter}
      onFocus={intent ? compose(onFocus, handlers.intend) : onFocus}
      onTouchStart={intent ? compose(onTouchStart, handlers.intend) : onTouchStart}
      onMouseLeave={intent ? compose(onMouseLeave, handlers.cancelIntent) : onMouseLeave}
      onBlur={intent ? compose(onBlur, handlers.cancelIntent) : onBlur}
    />
  );
}

/** Remix's composeEventHandlers: theirs first, ours unless they prevented the default. */
function compose<E extends { defaultPrevented: boolean }>(theirs: ((event: E) => void) | undefined, ours: (event: E) => void): (event: E) => void {
  if (!theirs) return ours;
  return (event) => {
    theirs(event);
    if (!event.defaultPrevented) ours(event);
  };
}
