import { expect, test } from "bun:test";
import { readOutbox, writeOutbox } from "./outbox";
import { forgetPhoto, keepPhoto, photoOf, photoPreview } from "./outbox-photos";

function memoryStore() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

test("a photo entry keeps its flag across a reload, but not its file", () => {
  const store = memoryStore();
  const item = {
    client_id: "4b0f2c7e-8f0a-4a4e-9d55-6c1f0e7b9a11",
    content: "",
    has_image: true,
    reply_to: null,
    created_at: new Date(2026, 10, 28).toISOString(),
    state: "sending" as const,
  };
  writeOutbox(store, "k", [item]);
  expect(readOutbox(store, "k")).toEqual([{ ...item, state: "failed" }]);
  // The file lives in this page's memory only.
  expect(photoOf(item.client_id)).toBeNull();
});

test("the page's photos: kept, previewed once, forgotten", () => {
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], "a.jpg", { type: "image/jpeg" });
  keepPhoto("id-1", file);
  expect(photoOf("id-1")).toBe(file);
  const url = photoPreview("id-1");
  expect(url).toMatch(/^blob:/);
  expect(photoPreview("id-1")).toBe(url);
  forgetPhoto("id-1");
  expect(photoOf("id-1")).toBeNull();
  expect(photoPreview("id-1")).toBeNull();
});
