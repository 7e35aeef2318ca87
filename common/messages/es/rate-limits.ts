/** Respuestas 429 de los límites (src/platform/rate-limits) y correos sobre la seguridad de la cuenta. */
export const rateLimits = {
  signups: "Se crearon demasiadas cuentas desde esta red. Intentalo de nuevo en unos minutos.",
  ownerRequests: "Se hicieron demasiadas solicitudes de propietario desde esta red. Intentalo mañana.",
  messages: "Estás enviando mensajes demasiado rápido. Esperá un momento e intentalo de nuevo.",
  pollVotes: "Votaste demasiadas veces por ahora. Esperá unos minutos y probá de nuevo.",
  comments: "Estás comentando demasiado rápido. Esperá un momento e intentalo de nuevo.",
  posts: "Ya publicaste demasiadas publicaciones por ahora. Intentalo más tarde.",
  uploads: "Ya subiste demasiadas imágenes por ahora. Intentalo más tarde.",
  connectionRequests: "Ya pediste unirte a demasiados clubes por ahora. Intentalo más tarde.",
  clubCreates: "Ya creaste demasiados clubes por ahora. Intentalo más tarde.",
  clubEdits: "Ya editaste clubes demasiadas veces por ahora. Intentalo más tarde.",
  reactions:
    "Estás dando me gusta y guardando publicaciones demasiado rápido. Esperá un momento e intentalo de nuevo.",
  calendarFeeds: "Ya creaste demasiadas direcciones de calendario nuevas por ahora. Intentalo más tarde.",
  checkIns: "Intentaste registrar tu asistencia demasiadas veces. Esperá unos minutos e intentalo de nuevo.",
  languageChanges: "Ya cambiaste el idioma demasiadas veces por ahora. Intentalo más tarde.",
  languageSwitches:
    "Se cambió el idioma demasiadas veces desde esta red. Intentalo de nuevo en unos minutos.",
  pushSubscriptions: "Cambiaste tus notificaciones push demasiadas veces por ahora. Intentalo más tarde.",
  profileReads: "Abriste demasiados perfiles por ahora. Intentalo más tarde.",
  noticeReads: "Marcaste demasiadas notificaciones por ahora. Intentalo más tarde.",
  mails: "Se enviaron demasiados correos a esta dirección. Intentalo más tarde.",
  resetGuesses: "Demasiados intentos de restablecimiento. Intentalo más tarde.",
  digestUnsubscribes: "Demasiadas solicitudes para darse de baja desde esta red. Intentalo más tarde.",
};
