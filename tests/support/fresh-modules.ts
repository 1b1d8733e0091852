// Runs before each test file (vitest.config.ts `setupFiles`). Files share their worker's process (`isolate: false`),
// so Node keeps the libraries loaded; what one file may have changed is put back here, so each file starts as it
// would in a process of its own:
// - the app's own modules are emptied from Vitest's registry, so the file imports them afresh and its vi.mock
//   factories, its environment and its database handle apply, not the previous file's;
// - the environment is the worker's first one (a file that set UPLOADS_DIR or stubbed SMTP_URL leaves no trace);
// - timers are real.
import { vi } from "vitest";

const holder = globalThis as typeof globalThis & { __environmentAtWorkerStart?: Record<string, string | undefined> };
const atStart = (holder.__environmentAtWorkerStart ??= { ...process.env });

vi.unstubAllEnvs();
for (const name of Object.keys(process.env)) if (!(name in atStart)) delete process.env[name];
Object.assign(process.env, atStart);
vi.useRealTimers();
vi.resetModules();
