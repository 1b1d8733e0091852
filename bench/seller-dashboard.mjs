// `node bench/seller-dashboard.mjs [options]`: runs bench/seller-dashboard.ts (the seller dashboard's reads for a
// seller with 10,000 listings and 1,000,000 listing views) with tsx, since it calls the TypeScript services directly.
import { spawnSync } from "node:child_process";

const run = spawnSync(process.execPath, ["--import", "tsx", "bench/seller-dashboard.ts", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(run.status ?? 1);
