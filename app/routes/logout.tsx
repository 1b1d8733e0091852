import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { endSession } from "~/web/auth.server.ts";

/** Signing out changes state, so it is POST only; a GET simply goes home. */
export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  return redirect("/", { headers: { "Set-Cookie": await endSession(request) } });
}
