import { Box, ChakraProvider, Flex } from "@chakra-ui/react";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "@remix-run/react";
import { useContext, type ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { SiteFooter } from "~/components/SiteFooter.tsx";
import { SiteHeader } from "~/components/SiteHeader.tsx";
import { colorModeBootScript } from "~/lib/color-mode.ts";
import { ServerStylesContext, SSR_STYLE_ATTRIBUTE } from "~/lib/emotion.ts";
import { useNonce } from "~/lib/nonce.ts";
import { getOptionalUser } from "~/services/auth.server.ts";
import { system } from "~/theme.ts";

export { passErrorHeaders as headers } from "~/lib/http.ts";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: MetaFunction = () => [
  { title: "Tradebench — industrial electronics & test equipment marketplace" },
  {
    name: "description",
    content: "Buy and sell used and new industrial electronics, test and measurement gear, automation parts and heavy equipment.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  return { user, year: new Date().getFullYear() };
}

function ServerStyles() {
  const styles = useContext(ServerStylesContext);
  return (
    <>
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
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: colorModeBootScript }} />
        <Meta />
        <Links />
        <ServerStyles />
      </head>
      <body>
        <ChakraProvider value={system}>
          <Flex direction="column" minH="100vh">
            <a href="#main" className="skip-link">
              Skip to content
            </a>
            <SiteHeader user={data?.user ?? null} />
            <Box as="main" id="main" flex="1" tabIndex={-1}>
              {children}
            </Box>
            <SiteFooter year={data?.year ?? new Date().getFullYear()} />
          </Flex>
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
