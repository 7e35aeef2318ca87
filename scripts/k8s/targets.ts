import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import type { K8sObject } from "../kustomize-lite";

export type Target = { name: string; dir: string; cleanup?: () => void };

/** Every overlay, plus each overlay with every optional component it mentions switched on. */
export function listTargets(k8sDir: string): Target[] {
  const overlays = readdirSync(join(k8sDir, "overlays"))
    .filter((name) => statSync(join(k8sDir, "overlays", name)).isDirectory())
    .map((name) => ({ name: `overlays/${name}`, dir: join(k8sDir, "overlays", name) }));
  const components = readdirSync(join(k8sDir, "components")).filter((name) =>
    statSync(join(k8sDir, "components", name)).isDirectory(),
  );
  const variants: Target[] = [];
  for (const overlay of overlays) {
    const text = readFileSync(join(overlay.dir, "kustomization.yaml"), "utf8");
    for (const component of components) {
      // An overlay that mentions a component (even commented out) is also rendered with it on.
      if (!text.includes(`components/${component}`)) continue;
      // One directory per overlay and component: two overlays may switch on the same component.
      const dir = join(k8sDir, `.validate-${overlay.name.replace("/", "-")}-${component}-${process.pid}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, "kustomization.yaml"),
        [
          "apiVersion: kustomize.config.k8s.io/v1beta1",
          "kind: Kustomization",
          "resources:",
          `  - ../${overlay.name}`,
          "components:",
          `  - ../components/${component}`,
          "",
        ].join("\n"),
      );
      variants.push({
        name: `${overlay.name} + components/${component}`,
        dir,
        cleanup: () => rmSync(dir, { recursive: true, force: true }),
      });
    }
  }
  return [...overlays, ...variants];
}

/** Plain manifests applied by hand (the restore Clusters), outside any kustomization. */
export function listRecoveryFiles(k8sDir: string): string[] {
  const dir = join(k8sDir, "recovery");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => join(dir, f));
}

export function readObjects(file: string): K8sObject[] {
  return parseAllDocuments(readFileSync(file, "utf8"))
    .map((doc) => doc.toJS() as K8sObject | null)
    .filter((o): o is K8sObject => o !== null);
}
