/**
 * Prints every path of the app's route tree (client/routes/tree.ts) as JSON, one entry per page
 * route, pathless layout routes (the auth guards) folded into their children. Run with Bun (it
 * reads the TSX route files as they are): e2e/image-pickers.e2e.ts walks the list, so a new
 * route is walked without anyone adding it.
 */
import { routeTree } from "../../client/routes/tree";

type Node = { options?: { path?: string }; children?: Node[] | Record<string, Node> };

function walk(node: Node, parent: string, out: Set<string>) {
  const own = node.options?.path;
  const path = own ? `${parent.replace(/\/$/, "")}/${own.replace(/^\//, "")}` : parent;
  const children = node.children
    ? Array.isArray(node.children)
      ? node.children
      : Object.values(node.children)
    : [];
  if (own && !children.length) out.add(path || "/");
  for (const child of children) walk(child, path, out);
  if (own && children.length) out.add(path || "/");
}

const paths = new Set<string>();
walk(routeTree as unknown as Node, "", paths);
console.log(JSON.stringify([...paths].sort()));
