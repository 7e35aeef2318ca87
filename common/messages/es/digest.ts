import type { digest as en } from "../en/digest";

/** El resumen semanal por correo y su página para darse de baja con un clic. */
export const digest: typeof en = {
  subject: "Tu semana en ClubNica",
  intro: "Esto es lo que pasó en tus clubes y cerca de vos desde el último resumen.",
  clubEventsTitle: "Eventos nuevos de tus clubes",
  regionEventsTitle: "Eventos nuevos en {region}",
  postsTitle: "Publicaciones que quizá no viste",
  requestsTitle: "Solicitudes para unirse que te esperan",
  requestsLine: "{club}: {count, plural, one {# pendiente} other {# pendientes}}",
  eventLine: "{title} ({club}), {when}",
  postLine: "{title} ({club})",
  untitledPost: "Una publicación nueva",
  more: "y {count, plural, one {# más} other {# más}}",
  openApp: "Abrir ClubNica: {url}",
  openAppButton: "Abrir ClubNica",
  unsubscribeNote:
    "Recibís este correo una vez por semana cuando hay algo nuevo. Dejar de recibir estos correos: {url}",
  unsubscribeLink: "Dejar de recibir estos correos",
  settingsNote: "Podés volver a activarlo en tu perfil, en “Resumen semanal por correo”.",
  pageTitle: "Resumen semanal por correo",
  confirmQuestion: "¿Dejar de enviar el resumen semanal a {email}?",
  confirmButton: "Dejar de recibir el resumen",
  confirmNote: "Abrir esta página no cambia nada; solo el botón.",
  doneTitle: "Ya no recibirás el resumen semanal",
  alreadyOff: "El resumen semanal ya está desactivado para esta cuenta.",
  tokenInvalid: "Este enlace para darse de baja no es válido. Copiá el enlace completo del correo.",
  tokenNotFound:
    "Este enlace para darse de baja ya no es válido. Iniciá sesión para cambiar tus ajustes de correo.",
};
