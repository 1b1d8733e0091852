import { ChakraProvider } from "@chakra-ui/react";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense, useContext, type ReactNode } from "react";
import { InstallButton } from "~/components/pwa/InstallButton.tsx";
import { OfflineBanner } from "~/components/pwa/OfflineBanner.tsx";
import { OfflineSync } from "~/components/pwa/OfflineSync.tsx";
import { PendingActions } from "~/components/pwa/PendingActions.tsx";
import { pwaPrompt } from "~/components/pwa/pwa-styles.ts";
import { ServiceWorkerUpdate } from "~/components/pwa/ServiceWorkerUpdate.tsx";
import { AppLinks } from "~/components/AppLink.tsx";
import { SiteFooter } from "~/components/SiteFooter.tsx";
import { SiteHeader } from "~/components/SiteHeader.tsx";
import { EmailConfirmationBanner } from "~/components/EmailConfirmationBanner.tsx";
import { colorModeBootScript } from "~/components/color-mode.ts";
import { ServerStylesContext, SITE_STYLESHEET_ATTRIBUTE, SSR_STYLE_ATTRIBUTE } from "~/lib/emotion.ts";
import { useNonce } from "~/lib/nonce.ts";
import { getDb } from "~/db.server.ts";
import { getOptionalUser } from "~/web/auth.server.ts";
import { countUnreadMessages } from "~/services/messaging/index.server.ts";
import { countUnreadNotifications } from "~/services/notifications/index.server.ts";
import { permissionsOfRole } from "~/services/accounts/index.server.ts";
import { staticClasses } from "~/lib/static-styles.ts";
import { renderSystem } from "~/render-system.ts";

export { passErrorHeaders as headers } from "~/lib/http.ts";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The installable app: manifest and icons written by scripts/build-pwa.mjs.
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const meta: MetaFunction = () => [
  { title: "Tradebench — industrial electronics & test equipment marketplace" },
  {
    name: "description",
    content: "Buy and sell used and new industrial electronics, test and measurement gear, automation parts and heavy equipment.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  // The header bell's badge (0 for visitors).
  const unreadNotifications = user ? await countUnreadNotifications(getDb(), user.id) : 0;
  // The header's Messages badge.
  const unreadMessages = user ? await countUnreadMessages(getDb(), user.id) : 0;
  // What the member's role may do, for the header's links (courtesy: every route decides for itself).
  const permissions = user ? [...(await permissionsOfRole(getDb(), user.role))] : [];
  return { user, permissions, unreadNotifications, unreadMessages, year: new Date().getFullYear() };
}

const layout = staticClasses("layout", {
  page: { display: "flex", flexDirection: "column", minH: "100vh" },
  main: { flex: "1" },
});

/** The site stylesheet, then the page's component rules (the server adds those to the HTML, see entry.server). */
function ServerStyles() {
  const { stylesheet, styles } = useContext(ServerStylesContext);
  return (
    <>
      {stylesheet ? <link rel="stylesheet" href={stylesheet} {...{ [SITE_STYLESHEET_ATTRIBUTE]: "" }} /> : null}
      {styles.map((style) => (
        <style
          key={`${style.key} ${style.ids.join(" ")}`}
          {...{ [SSR_STYLE_ATTRIBUTE]: `${style.key} ${style.ids.join(" ")}` }}
          dangerouslySetInnerHTML={{ __html: style.css }}
        />
      ))}
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The browser's and the installed app's title bar: the header's background in each colour scheme. */}
        <meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#09090b" media="(prefers-color-scheme: dark)" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: colorModeBootScript }} />
        <Meta />
        <Links />
        <ServerStyles />
      </head>
      <body>
        <ChakraProvider value={renderSystem}>
          {/* Navigation and prefetching for the app's links (components/AppLink.tsx). */}
          <AppLinks>
            <div className={layout.page}>
              <a href="#main" className="skip-link">
                Skip to content
              </a>
              <SiteHeader
                user={data?.user ?? null}
                permissions={data?.permissions ?? []}
                unreadNotifications={data?.unreadNotifications ?? 0}
                unreadMessages={data?.unreadMessages ?? 0}
              />
              <EmailConfirmationBanner user={data?.user ?? null} />
              {/* Offline use: the banner, what waits to sync, and the copies kept in step. */}
              <OfflineBanner signedIn={Boolean(data?.user)} />
              {data?.user ? <PendingActions /> : null}
              <OfflineSync userId={data?.user?.id ?? null} />
              <main id="main" className={layout.main} tabIndex={-1}>
                {children}
              </main>
              <SiteFooter year={data?.year ?? new Date().getFullYear()} />
            </div>
            <div className={pwaPrompt.stack}>
              <ServiceWorkerUpdate />
              <InstallButton />
            </div>
          </AppLinks>
        </ChakraProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

// The error page is drawn with Chakra components: loaded when it is needed, it keeps them out of every page's first
// load (docs/decisions/0040). The server waits for it (onAllReady), so an error page arrives whole.
const GeneralErrorBoundary = lazy(() => import("~/components/GeneralErrorBoundary.tsx").then((module) => ({ default: module.GeneralErrorBoundary })));

export function ErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <GeneralErrorBoundary />
    </Suspense>
  );
}
