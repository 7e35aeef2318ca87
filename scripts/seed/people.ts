import type { Region } from "../../db/schema/types";
import { FIRST_NAMES, LAST_NAMES, SCHOOLS } from "./people-data";
import type { Random } from "./random";

/** Everyone in the demo uses this password except the admin. */
export const DEMO_PASSWORD = "clubnica123";
export const DEMO_ADMIN = { username: "admin", password: "clubnica-admin" };
export const DEMO_OWNER = "propietario";
export const DEMO_MEMBER = "estudiante";
const EMAIL_DOMAIN = "demo.clubnica.test";
const REGIONS: Region[] = ["Managua", "León", "Masaya", "Granada"];
const FEMALE = new Set([
  "María",
  "Ana",
  "Carmen",
  "Sofía",
  "Valeria",
  "Camila",
  "Daniela",
  "Gabriela",
  "Isabel",
  "Lucía",
  "Fátima",
  "Mariela",
  "Karla",
  "Yahoska",
  "Itzel",
]);

export type Person = {
  username: string;
  password_hash: string;
  role: "member" | "owner" | "admin";
  first_name: string;
  last_name: string;
  email: string;
  email_verified: boolean;
  school: string;
  region: Region;
  gender: "male" | "female" | "other";
  description: string;
};

export function slug(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "")
    .slice(0, 30);
}

/** The admin, the two named demo accounts, 15 more owners and 100 members. */
export function buildPeople({
  rand,
  demoHash,
  adminHash,
}: {
  rand: Random;
  demoHash: string;
  adminHash: string;
}): Person[] {
  const person = (username: string, role: Person["role"], first: string, last: string): Person => ({
    username,
    password_hash: role === "admin" ? adminHash : demoHash,
    role,
    first_name: first,
    last_name: last,
    email: `${username}@${EMAIL_DOMAIN}`,
    email_verified: true,
    school: rand.pick(SCHOOLS),
    region: rand.pick(REGIONS),
    gender: FEMALE.has(first) ? "female" : rand.chance(0.05) ? "other" : "male",
    description: `Estudiante de ${rand.pick(SCHOOLS)}. Me gusta conocer gente nueva y aprender.`,
  });
  const people = [
    person(DEMO_ADMIN.username, "admin", "Admin", "ClubNica"),
    person(DEMO_OWNER, "owner", "Paola", "Membreño"),
    person(DEMO_MEMBER, "member", "Esteban", "Rivera"),
  ];
  const used = new Set(people.map((p) => p.username));
  const named = (role: Person["role"]) => {
    const first = rand.pick(FIRST_NAMES);
    const last = rand.pick(LAST_NAMES);
    let username = `${slug(first)}.${slug(last)}`;
    for (let n = 2; used.has(username); n++) username = `${slug(first)}.${slug(last)}${n}`;
    used.add(username);
    return person(username, role, first, last);
  };
  for (let i = 0; i < 15; i++) people.push(named("owner"));
  for (let i = 0; i < 100; i++) people.push(named("member"));
  return people;
}
