// `node bench/listing-queries.mjs [options]`: runs bench/listing-queries.ts (the /listings query mix on the search
// service, one connection, every cache off) with tsx, since it calls the TypeScript services directly.
import { spawnSync } from "node:child_process";

const run = spawnSync(process.execPath, ["--import", "tsx", "bench/listing-queries.ts", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(run.status ?? 1);
