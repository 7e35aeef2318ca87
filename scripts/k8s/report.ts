import type { K8sObject } from "../kustomize-lite";

/** Problems are collected, not thrown, so one run lists every one of them. */
export type Fail = (target: string, message: string) => void;
export type Json = Record<string, any>;

export const key = (o: K8sObject) => `${o.kind}/${o.metadata.namespace ?? ""}/${o.metadata.name}`;
