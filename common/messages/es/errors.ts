import type { errors as en } from "../en/errors";

export const errors: typeof en = {
  appName: "ClubNica",
  notFound: "No encontrado",
  internalError: "Error interno del servidor",
  unavailable: "El servicio no está disponible por un momento. Intentalo de nuevo en unos segundos.",
  badBody: "No se pudo leer la solicitud. Revisá su formato.",
};
