import sharp from "sharp";

/** A small solid PNG, `size` pixels square. */
export const png = (size = 24) =>
  sharp({ create: { width: size, height: size, channels: 3, background: "#0067C6" } })
    .png()
    .toBuffer();

let emailCounter = 0;
export const uniqueEmail = () =>
  `person${++emailCounter}_${Math.random().toString(36).slice(2, 7)}@example.com`;

/** The multipart body of PUT /api/users/me/profile; undefined fields are left out. */
export function profileForm(fields: Record<string, string | Blob | undefined>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  return form;
}

export const validProfile = () => ({
  first_name: "María",
  middle_name: "José",
  last_name: "López",
  email: uniqueEmail(),
  school: "Colegio Centroamérica",
  region: "León",
  gender: "female",
  description: "Me gusta el ajedrez.",
});

let n = 0;
/** A name part no other test has used. */
export const unique = () => `${++n}_${Math.floor(Math.random() * 1e9)}`;

/** The multipart body of POST /signup/complete: a valid member with a profile, with `fields` over it. */
export function signupForm(fields: Record<string, string>) {
  const id = unique();
  return profileForm({
    username: `nuevo_${id}`,
    password: "a-long-password",
    role: "member",
    first_name: "Carlos",
    last_name: "Mejía",
    email: `carlos${id}@example.com`,
    ...fields,
  });
}
