/** Respuestas 429 de los límites (src/features/rate-limits) y correos sobre la seguridad de la cuenta. */
export const rateLimits = {
  signups: "Se crearon demasiadas cuentas desde esta red. Inténtalo de nuevo en unos minutos.",
  ownerRequests: "Se hicieron demasiadas solicitudes de propietario desde esta red. Inténtalo mañana.",
  messages: "Estás enviando mensajes demasiado rápido. Espera un momento e inténtalo de nuevo.",
  comments: "Estás comentando demasiado rápido. Espera un momento e inténtalo de nuevo.",
  posts: "Ya publicaste demasiadas publicaciones por ahora. Inténtalo más tarde.",
  uploads: "Ya subiste demasiadas imágenes por ahora. Inténtalo más tarde.",
  connectionRequests: "Ya enviaste demasiadas solicitudes de conexión por ahora. Inténtalo más tarde.",
  profileReads: "Abriste demasiados perfiles por ahora. Inténtalo más tarde.",
  mails: "Se enviaron demasiados correos a esta dirección. Inténtalo más tarde.",
  resetGuesses: "Demasiados intentos de restablecimiento. Inténtalo más tarde.",
};
