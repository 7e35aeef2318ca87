import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";

setDefaultTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { openapi: true });
}, 60_000);
afterAll(() => t.close());

test("/docs documents the photo send: the multipart body, its image part and its errors", async () => {
  const res = await t.request("GET", "/docs/json");
  const paths = res.body.paths as Record<string, Record<string, any>>;
  for (const path of ["/api/messages/club/{id}", "/api/messages/user/{id}"]) {
    const send = paths[path]!.post;
    const form = send.requestBody.content["multipart/form-data"];
    expect(form, path).toBeTruthy();
    expect(JSON.stringify(form.schema.properties.image)).toContain("binary");
    for (const status of ["413", "415", "422", "429"]) expect(send.responses[status], status).toBeTruthy();
    expect(send.description).toContain("multipart/form-data");
    expect(send.description).toContain("Only PNG, JPG or JPEG images are allowed.");
    expect(send["x-rate-limits"]).toContain("uploads (when it applies)");
    const message = send.responses["201"].content["application/json"].schema;
    for (const field of ["image_url", "thumbnail_url", "image_width", "image_height", "image_request"]) {
      expect(message.properties[field], field).toBeTruthy();
    }
  }
});
