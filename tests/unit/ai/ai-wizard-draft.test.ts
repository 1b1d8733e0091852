// The wizard's draft kept on the device (IndexedDB, here fake-indexeddb): photos as Blobs survive, a visitor's draft
// is adopted by the member who signs in, another member's draft is thrown away, and clearing forgets it.
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { clearDraft, closeDraftStore, loadDraft, saveDraft, WIZARD_DB_NAME } from "~/components/ai-wizard/draft-store.ts";
import { INITIAL_WIZARD_STATE, type WizardState } from "~/components/ai-wizard/wizard-state.ts";

function stateWithPhoto(text: string): WizardState {
  return {
    ...INITIAL_WIZARD_STATE,
    input: { brand: "Tektronix", model: "MDO3104", condition: "used_excellent" },
    photos: [{ id: "p1", name: "plate.png", size: text.length, type: "image/png", blob: new Blob([text], { type: "image/png" }) }],
  };
}

afterEach(async () => {
  closeDraftStore();
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(WIZARD_DB_NAME);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
});

describe("the wizard's draft on the device", () => {
  it("keeps fields and photo bytes across a reload, for the same member", async () => {
    expect(await loadDraft("member-1")).toBeNull();
    expect(await saveDraft("member-1", stateWithPhoto("PNG bytes"))).toBe(true);
    closeDraftStore(); // a reload opens the database afresh
    const loaded = await loadDraft("member-1");
    expect(loaded?.input).toEqual({ brand: "Tektronix", model: "MDO3104", condition: "used_excellent" });
    expect(loaded?.photos[0]?.name).toBe("plate.png");
    expect(await loaded?.photos[0]?.blob.text()).toBe("PNG bytes");
  });

  it("hands a visitor's draft to whoever signs in, but never one member's draft to another", async () => {
    await saveDraft(null, stateWithPhoto("visitor"));
    expect((await loadDraft("member-1"))?.input.brand).toBe("Tektronix");
    await saveDraft("member-1", stateWithPhoto("mine"));
    expect(await loadDraft("member-2")).toBeNull();
    // It is gone, not hidden: the first member does not get it back either.
    expect(await loadDraft("member-1")).toBeNull();
    await saveDraft("member-1", stateWithPhoto("mine"));
    expect(await loadDraft(null)).toBeNull();
  });

  it("forgets the draft once cleared", async () => {
    await saveDraft("member-1", stateWithPhoto("x"));
    await clearDraft();
    expect(await loadDraft("member-1")).toBeNull();
  });
});
