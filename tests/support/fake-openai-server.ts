// The fake OpenAI-compatible server (tests/support/fake-openai.ts) as a process, for Playwright's webServer:
//
//   npx tsx tests/support/fake-openai-server.ts [port]      (or FAKE_OPENAI_PORT=4010 npx tsx …)
//
// Listens on 127.0.0.1; GET /healthz answers "ok" once it is up. The app server then needs
// OPENAI_BASE_URL=http://127.0.0.1:<port>/v1 and any OPENAI_API_KEY. Good answers echo the prompt's brand and model;
// a Model line containing FAKE-500, FAKE-429, FAKE-401, FAKE-MALFORMED or FAKE-SLOW picks a failure instead.
import { startFakeOpenAi } from "./fake-openai.ts";

const requested = process.argv[2] ?? process.env.FAKE_OPENAI_PORT ?? "4010";
const port = Number(requested);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`fake-openai-server: not a port: ${requested}`);
  process.exit(2);
}

const fake = await startFakeOpenAi({ port });
console.log(`Fake OpenAI server listening at ${fake.url}`);

function stop() {
  void fake.close().then(() => process.exit(0));
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
