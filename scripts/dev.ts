/**
 * `bun dev`: rebuilds the browser bundle whenever client/ changes, and runs the server with
 * `bun --watch` (which restarts it when server code, or client code it renders, changes).
 */
import { resolve } from "node:path";
import { watchClient } from "./build-client";

await watchClient();
const server = Bun.spawn(["bun", "--watch", "src/main.ts", ...process.argv.slice(2)], {
  cwd: resolve(import.meta.dir, ".."),
  stdio: ["inherit", "inherit", "inherit"],
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "development" },
});
const stop = () => {
  server.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
process.exit(await server.exited);
