// Runs once when the HTTP server starts: configuration check, migrations, reference data, demo seed.
import { getEnv } from "~/env.server.ts";
import { prepareDatabase } from "~/db.server.ts";

export async function prepareServer(): Promise<{ trustProxy: boolean }> {
  const env = getEnv();
  await prepareDatabase();
  return { trustProxy: env.TRUST_PROXY };
}
