import type { safety as en, safetyPage as enPage } from "../en/safety";

/** Bloqueos, borrar lo propio y control de la cuenta (detalles de la API y pantallas). */
export const safety: typeof en = {
  cannotBlockSelf: "No podés bloquearte a vos mismo.",
  userNotFound: "No encontramos a esa persona",
  tooManyBlocks: "Estás bloqueando y desbloqueando muy rápido. Esperá un momento y volvé a intentarlo.",
  youBlockedThem: "Bloqueaste a esta persona. Desbloqueala desde su perfil para mandarle mensajes.",
  cannotMessage: "No podés mandarle mensajes a esta persona.",
  messageNotFound: "No encontramos ese mensaje",
  notMessageAuthor: "Solo podés borrar tus propios mensajes.",
  wrongPassword: "Tu contraseña actual no es correcta.",
  samePassword: "Elegí una contraseña distinta a la que tenés ahora.",
  passwordChanged: "Cambiamos tu contraseña. Cerramos tu sesión en todos los demás dispositivos.",
  signedOutEverywhere:
    "Cerramos tu sesión en todos los demás dispositivos. Ya no reciben tus notificaciones y tu calendario tiene una dirección nueva.",
  tooManyPasswordTries: "Demasiadas contraseñas equivocadas. Intentalo más tarde.",
  lastAdmin: "Sos el único admin. Hacé admin a otra persona antes de borrar tu cuenta.",
  noAdminForClubs:
    "Tus clubes necesitan un admin que se haga cargo y no hay ninguno. Hablá con el admin de tu colegio.",
  resetCodeIssued:
    "Dale este código a la persona. Sirve una sola vez, hasta el {until}, y no se vuelve a mostrar.",
};

export const safetyPage: typeof enPage = {
  block: "Bloquear",
  unblock: "Desbloquear",
  blockNamed: "Bloquear a {name}",
  unblockNamed: "Desbloquear a {name}",
  blockConfirm:
    "¿Bloquear a {name}? No se van a poder mandar mensajes y ya no vas a ver sus comentarios ni sus mensajes en los clubes. No le avisamos.",
  blockedToast: "Bloqueaste a {name}.",
  unblockedToast: "Desbloqueaste a {name}.",
  cancel: "Cancelar",
  failed: "No se pudo. Intentalo de nuevo.",
  blockedTitle: "Personas bloqueadas",
  blockedHint:
    "No te pueden escribir y vos no ves sus comentarios ni sus mensajes en los clubes. No les avisamos.",
  blockedEmpty: "No has bloqueado a nadie.",
  chatBlockedByMe: "Bloqueaste a esta persona, así que no se pueden mandar mensajes.",
  chatCannotMessage: "No podés mandarle mensajes a esta persona.",
  messageActions: "Opciones del mensaje",
  commentActions: "Opciones del comentario",
  deleteMessage: "Borrar mensaje",
  deleteMessageConfirm: "¿Borrar este mensaje? Ya nadie lo va a ver.",
  deleteComment: "Borrar comentario",
  deleteCommentConfirm: "¿Borrar este comentario? Ya nadie lo va a ver.",
  delete: "Borrar",
  deleting: "Borrando…",
  accountTitle: "Cuenta y seguridad",
  changePassword: "Cambiar contraseña",
  currentPassword: "Contraseña actual",
  newPassword: "Contraseña nueva",
  changing: "Cambiando…",
  passwordChanged: "Cambiamos tu contraseña. Cerramos tu sesión en todos los demás dispositivos.",
  signOutEverywhere: "Cerrar sesión en los demás dispositivos",
  signOutEverywhereHint:
    "¿Dejaste tu sesión abierta en una computadora del colegio o en un teléfono prestado? Cerrala desde aquí.",
  signOutEverywhereConfirm:
    "¿Cerrar tu sesión en todos los demás dispositivos? Dejan de recibir tus notificaciones y la dirección de tu calendario cambia: suscribite de nuevo en tu app de calendario. Aquí seguís con la sesión abierta.",
  signOutEverywhereYes: "Cerrar las demás sesiones",
  signingOut: "Cerrando sesiones…",
  signedOutEverywhere:
    "Cerramos tu sesión en todos los demás dispositivos. Ya no reciben tus notificaciones y tu calendario tiene una dirección nueva.",
  deleteAccount: "Borrar mi cuenta",
  deleteAccountExplain:
    'Esto borra tu perfil, tus mensajes del chat, tus me gusta y favoritos y tus respuestas a eventos. Tus comentarios se quedan, firmados como "Usuario eliminado". Los clubes que administrás pasan a un admin. No se puede deshacer.',
  deleteAccountPassword: "Escribí tu contraseña para confirmar",
  deleteAccountForever: "Borrar mi cuenta para siempre",
  accountDeleted: "Borramos tu cuenta. ¡Cuidate!",
  resetCode: "Código de un solo uso",
  resetCodeFor: "Crear un código de un solo uso para {name}",
  resetCodeConfirm:
    "¿Crear un código de un solo uso para que {name} cambie su contraseña? Usalo solo con estudiantes que no reciben correo. Cualquier código anterior deja de servir.",
  resetCodeCreate: "Crear código",
  resetCodeShown:
    "Dale este código a {name} en persona. Sirve una sola vez, hasta el {until}, y no se vuelve a mostrar.",
  resetCodeHow:
    "Lo escribe con su usuario en la página Restablecer contraseña (¿Olvidaste tu contraseña? en el inicio de sesión).",
  close: "Cerrar",
};
