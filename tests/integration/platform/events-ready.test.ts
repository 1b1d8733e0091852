// The /events stream says "ready" only once this server hears the other servers' events: a page stops
// polling on "ready", so a stream opened on a server whose LISTEN was not in place yet (its first stream after a start)
// said it was live and missed a bid another server took meanwhile. The bus here stands for PostgreSQL's, whose
// LISTEN the test decides when to finish.
import { afterAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/events.ts";
import { auctionTopic, InProcessBus, setLiveEventBus } from "~/services/platform/live-events.server.ts";

class SlowToListenBus extends InProcessBus {
  private finish = () => {};
  private readonly done = new Promise<void>((resolve) => (this.finish = resolve));
  asked = 0;
  listening(): Promise<void> {
    this.asked += 1;
    return this.done;
  }
  listen(): void {
    this.finish();
  }
}

const streams = new AbortController();
afterAll(() => streams.abort());

async function openStream() {
  const request = new Request("http://localhost/events?auction=7", { signal: streams.signal });
  const response = (await loader({ request, params: {}, context: { cspNonce: "", clientIp: "127.0.0.1" } })) as Response;
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  return { response, reader };
}

/** Lets every task queued so far run (the stream's start, the bus's promise), without waiting on a clock. */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe("the /events stream", () => {
  it('says "ready" once the bus hears the other servers, and delivers what arrives meanwhile', async () => {
    const bus = new SlowToListenBus();
    setLiveEventBus(bus);
    const { response, reader } = await openStream();
    expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    const first = reader.read();
    await settle();
    expect(bus.asked).toBe(1);
    expect(await Promise.race([first.then(() => "sent"), Promise.resolve("nothing yet")])).toBe("nothing yet");
    bus.listen();
    const { value } = await first;
    expect(value).toContain("event: ready");
  });

  it('says "ready" at once on a bus that hears every event already', async () => {
    setLiveEventBus(new InProcessBus());
    const { reader } = await openStream();
    expect((await reader.read()).value).toContain("event: ready");
  });

  it("delivers an auction event published after ready", async () => {
    const bus = new InProcessBus();
    setLiveEventBus(bus);
    const { reader } = await openStream();
    expect((await reader.read()).value).toContain("event: ready");
    bus.publish({ topic: auctionTopic(7), name: "bulk-import", data: { done: true } });
    expect((await reader.read()).value).toContain('event: bulk-import\ndata: {"done":true}');
  });
});
