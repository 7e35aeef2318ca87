import type { input as en } from "../en/input";

export const input: typeof en = {
  bodyTooLarge: "El cuerpo de la solicitud es demasiado grande: esta solicitud acepta como máximo {max}.",
  tooDeep:
    "El cuerpo JSON tiene demasiados niveles anidados: como máximo {max, plural, one {# nivel} other {# niveles}}.",
  invalidCharacters: "La solicitud contiene un carácter no permitido (como NUL) en su {where}.",
  badEncoding: "La solicitud no es UTF-8 válido en su {where}.",
  where: { query: "dirección o parámetros", body: "cuerpo" },
};
