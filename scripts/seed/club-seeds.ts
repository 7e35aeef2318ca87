import type { Region } from "../../db/schema/types";
import { GRANADA_CLUBS } from "./clubs/granada";
import { LEON_CLUBS } from "./clubs/leon";
import { MANAGUA_CLUBS } from "./clubs/managua";
import { MASAYA_CLUBS } from "./clubs/masaya";

/** The demo clubs: Spanish names, tags and descriptions across the four regions. */
export type Category = "tecnologia" | "arte" | "deportes" | "ciencia" | "social";

export type ClubSeed = {
  name: string;
  region: Region;
  category: Category;
  tags: string;
  description: string;
  about: string;
  place: string;
};

/** Ten clubs per region, in this order (the seed is deterministic: ids follow it). */
export const CLUB_SEEDS: ClubSeed[] = [...MANAGUA_CLUBS, ...LEON_CLUBS, ...MASAYA_CLUBS, ...GRANADA_CLUBS];

export const CATEGORY_COLORS: Record<Category, [string, string]> = {
  tecnologia: ["#0067C6", "#00A3E0"],
  arte: ["#B5179E", "#F77F00"],
  deportes: ["#2A9D8F", "#8AC926"],
  ciencia: ["#3A0CA3", "#4CC9F0"],
  social: ["#E63946", "#F4A261"],
};
