import type { language as en } from "../en/language";

export const language: typeof en = {
  label: "Idioma",
  switchTo: "Cambiar el idioma",
  names: { es: "Español", en: "English" },
  invalid: "El idioma debe ser es o en.",
  saveFailed: "No pudimos guardar tu idioma. Intentalo de nuevo.",
  profileHint:
    "Las páginas, los correos y los mensajes usan este idioma en todos los dispositivos donde iniciés sesión.",
};
