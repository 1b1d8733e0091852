// Which picked pictures an image picker takes (pure, so the AI wizard's state and tests use it too): image files
// only, each at most `maxFileBytes`, at most `room` more in all; a repeat (same name and size as one already chosen,
// or earlier in the same pick) is ignored without a word.

export interface ImageRules {
  /** How many more pictures may be added. */
  room: number;
  maxFileBytes: number;
  /** What to say when a pick goes past `room`. */
  tooMany: string;
}

/** Which picked files join `existing` under `rules`, and the messages about the others. */
export function acceptImages(
  existing: ReadonlyArray<{ name: string; size: number }>,
  picked: ReadonlyArray<{ name: string; size: number; type: string }>,
  rules: ImageRules,
): { accepted: number[]; messages: string[] } {
  const kept = existing.map((file) => ({ name: file.name, size: file.size }));
  const accepted: number[] = [];
  const messages: string[] = [];
  picked.forEach((file, index) => {
    if (kept.some((k) => k.name === file.name && k.size === file.size)) return;
    if (!file.type.startsWith("image/")) {
      messages.push(`${file.name}: Only image files are accepted`);
      return;
    }
    if (file.size > rules.maxFileBytes) {
      messages.push(`${file.name} is larger than ${Math.round(rules.maxFileBytes / (1024 * 1024))} MB`);
      return;
    }
    if (kept.length >= rules.room) {
      if (!messages.includes(rules.tooMany)) messages.push(rules.tooMany);
      return;
    }
    kept.push({ name: file.name, size: file.size });
    accepted.push(index);
  });
  return { accepted, messages };
}
