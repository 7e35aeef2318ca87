/** Respuestas 429 de los límites (src/platform/rate-limits) y correos sobre la seguridad de la cuenta. */
export const rateLimits = {
  signups: "Se crearon demasiadas cuentas desde esta red. Inténtalo de nuevo en unos minutos.",
  ownerRequests: "Se hicieron demasiadas solicitudes de propietario desde esta red. Inténtalo mañana.",
  messages: "Estás enviando mensajes demasiado rápido. Espera un momento e inténtalo de nuevo.",
  comments: "Estás comentando demasiado rápido. Espera un momento e inténtalo de nuevo.",
  posts: "Ya publicaste demasiadas publicaciones por ahora. Inténtalo más tarde.",
  uploads: "Ya subiste demasiadas imágenes por ahora. Inténtalo más tarde.",
  connectionRequests: "Ya enviaste demasiadas solicitudes de conexión por ahora. Inténtalo más tarde.",
  clubCreates: "Ya creaste demasiados clubes por ahora. Inténtalo más tarde.",
  clubEdits: "Ya editaste clubes demasiadas veces por ahora. Inténtalo más tarde.",
  reactions:
    "Estás dando me gusta y guardando publicaciones demasiado rápido. Espera un momento e inténtalo de nuevo.",
  messageReactions: "Estás reaccionando a mensajes demasiado rápido. Esperá un momento y probá de nuevo.",
  messageEdits: "Estás editando mensajes demasiado rápido. Esperá un momento y probá de nuevo.",
  calendarFeeds: "Ya creaste demasiadas direcciones de calendario nuevas por ahora. Inténtalo más tarde.",
  checkIns: "Intentaste registrar tu asistencia demasiadas veces. Espera unos minutos e inténtalo de nuevo.",
  languageChanges: "Ya cambiaste el idioma demasiadas veces por ahora. Inténtalo más tarde.",
  languageSwitches:
    "Se cambió el idioma demasiadas veces desde esta red. Inténtalo de nuevo en unos minutos.",
  pushSubscriptions: "Cambiaste tus notificaciones push demasiadas veces por ahora. Inténtalo más tarde.",
  profileReads: "Abriste demasiados perfiles por ahora. Inténtalo más tarde.",
  noticeReads: "Marcaste demasiadas notificaciones por ahora. Inténtalo más tarde.",
  mails: "Se enviaron demasiados correos a esta dirección. Inténtalo más tarde.",
  resetGuesses: "Demasiados intentos de restablecimiento. Inténtalo más tarde.",
  digestUnsubscribes: "Demasiadas solicitudes para darse de baja desde esta red. Inténtalo más tarde.",
};
