import type { admin as en } from "../en/admin";

export const admin: typeof en = {
  userNotFound: "Usuario no encontrado",
  requestNotFound: "Solicitud de propietario no encontrada",
  requestDecided: "Esta solicitud de propietario ya fue decidida.",
  cannotBanSelf: "No puedes suspenderte a ti mismo.",
  cannotMuteSelf: "No puedes silenciarte a ti mismo.",
  cannotChangeOwnRole: "No puedes cambiar tu propio rol.",
  lastAdmin: "El último administrador no puede perder su rol.",
  durationRequired: "Indica una duración mayor que cero.",
  durationTooLong: "Una duración puede ser de 3650 días como máximo.",
  roleInvalid: "El rol debe ser miembro, propietario o administrador.",
  failedToLoadUsers: "No se pudieron cargar los usuarios",
  actionFailed: "La acción falló",
  unbanFailed: "No se pudo quitar la suspensión",
  unmuteFailed: "No se pudo quitar el silencio",
  failedToSetRole: "No se pudo asignar el rol",
  couldNotChangeRole: "No se pudo cambiar el rol",
  failedToCreateUser: "No se pudo crear el usuario",
};
