// Any path without a route: the friendly not-found page, with a real 404 status.
import { data } from "@remix-run/node";
import { NotFoundPage } from "~/components/GeneralErrorBoundary.tsx";

export async function loader() {
  throw data({ message: "Not found" }, { status: 404 });
}

export async function action() {
  throw data({ message: "Not found" }, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
