import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { connect, type Socket } from "node:net";
import { setupTestApp, type TestApp } from "../../test/harness";

setDefaultTimeout(30_000);

/**
 * Body limits over a real socket, as Bun's server hands the app a body that is still arriving.
 * Each refusal below comes while the client has not finished sending (it never does): an app
 * that read or buffered the whole body before checking would never answer, and the test would
 * time out. The route's own allowance (a bodyLimit macro) is in force too.
 */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await setupTestApp();
  t.app.listen({ port: 0, hostname: "127.0.0.1" });
  port = t.app.server?.port ?? 0;
});
afterAll(async () => {
  await t.app.stop(true);
  await t.close();
});

type Answer = { status: number; detail: string };

/** Sends a request head and the first part of a body, then waits for the answer without ending. */
function sendUnfinished(head: string[], start: string | Uint8Array): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host: "127.0.0.1", port, localAddress: "127.0.0.2" });
    let received = "";
    socket.on("error", reject);
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      const end = received.indexOf("\r\n\r\n");
      if (end === -1) return;
      const status = Number(received.slice(9, 12));
      const body = received.slice(end + 4);
      const json = body.slice(body.indexOf("{"), body.lastIndexOf("}") + 1);
      if (!json) return;
      socket.destroy();
      resolve({ status, detail: (JSON.parse(json) as { detail: string }).detail });
    });
    socket.write(`${head.join("\r\n")}\r\n\r\n`);
    socket.write(start);
  });
}

describe("a body over its route's limit, over a socket", () => {
  test("a Content-Length over the limit is answered 413 before the body is sent", async () => {
    const answer = await sendUnfinished(
      [
        "POST /signup HTTP/1.1",
        "Host: localhost",
        "Content-Type: application/json",
        `Content-Length: ${5 * 1024 * 1024}`,
      ],
      '{"username":"',
    );
    expect(answer).toEqual({
      status: 413,
      detail: "The request body is too large: this request accepts at most 32 KB.",
    });
  });

  test("a chunked body is answered 413 as soon as it passes the limit", async () => {
    const chunk = " ".repeat(40 * 1024);
    const answer = await sendUnfinished(
      [
        "POST /signup HTTP/1.1",
        "Host: localhost",
        "Content-Type: application/json",
        "Transfer-Encoding: chunked",
      ],
      `${chunk.length.toString(16)}\r\n${chunk}\r\n`,
    );
    expect(answer.status).toBe(413);
  });

  test("an image route's allowance is its own: 100 KB of multipart passes the guard there, not on a comment", async () => {
    const user = await t.createUser();
    const boundary = "clubnica-boundary";
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\n${"x".repeat(100 * 1024)}\r\n`;
    const head = (path: string) => [
      `POST ${path} HTTP/1.1`,
      "Host: localhost",
      `Authorization: Bearer ${user.token}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${part.length + 1024 * 1024}`,
    ];
    // The comment route refuses at once; the post route keeps waiting for the rest (its
    // allowance is 5 MB), so it is sent whole over fetch instead.
    expect((await sendUnfinished(head("/api/posts/1/comments"), part)).status).toBe(413);
    const whole = `${part}--${boundary}--\r\n`;
    const res = await fetch(`http://127.0.0.1:${port}/api/posts`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${user.token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      body: whole,
    });
    expect(res.status).not.toBe(413);
  });
});
