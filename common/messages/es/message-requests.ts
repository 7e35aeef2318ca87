/** Solicitudes de mensaje y "quién puede escribirme": detalles de la API y las pantallas que los muestran. */
export const messageRequests = {
  notAcceptedYet:
    "{name} todavía no ha aceptado tu solicitud de mensaje. Podrás enviar más mensajes cuando la acepte.",
  onlyClubs: "{name} solo recibe mensajes de gente de sus clubes.",
  nobody: "{name} no recibe mensajes directos.",
  notFound: "Esta persona no te ha enviado ninguna solicitud de mensaje.",
  whoCanMessageInvalid: "Elegí everyone, clubs o nobody.",
  unknownSetting: "Este ajuste no existe.",
};

export const messageRequestsPage = {
  folder: "Solicitudes de mensaje",
  folderHint: "Gente fuera de tus clubes que quiere escribirte.",
  title: "Solicitudes de mensaje",
  intro:
    "Estas personas no comparten ningún club con vos. No pueden ver si leíste sus mensajes. Aceptá para chatear, o eliminá o bloqueá.",
  empty: "No tenés solicitudes de mensaje.",
  back: "Volver a los chats",
  failedLoad: "No se pudieron cargar las solicitudes de mensaje",
  school: "Colegio: {school}",
  noSchool: "No dice su colegio",
  sharedClubs: "Clubes en común: {clubs}",
  noSharedClubs: "Clubes en común: ninguno",
  read: "Leer mensajes",
  accept: "Aceptar",
  accepted: "Aceptaste la solicitud. Ya podés chatear con {name}.",
  delete: "Eliminar",
  deleteConfirm: "¿Eliminar la solicitud de {name}? Sus mensajes desaparecen de tus chats. No se le avisa.",
  deleted: "Solicitud eliminada.",
  blockReportNamed: "Bloquear o denunciar a {name}",
  failedAction: "No se pudo hacer. Intentá de nuevo.",
  banner: "{name} quiere enviarte un mensaje",
  bannerHint:
    "Mientras no aceptés, {name} puede enviarte como máximo 3 mensajes y no sabe si los leíste. Si respondés, también aceptás.",
  sentAsRequest: "Enviado como solicitud",
  sentAsRequestHint: "{name} verá tus mensajes cuando acepte. Hasta entonces podés enviar como máximo 3.",
};

export const contactSettings = {
  title: "Quién puede escribirte",
  intro: "Elegí quién puede mandarte mensajes directos. Los administradores siempre pueden escribirte.",
  everyone: "Todos",
  everyoneHint:
    "Quien no comparte un club con vos llega como solicitud, máximo 3 mensajes, hasta que la aceptés. La gente de tus clubes te escribe directo.",
  clubs: "Gente de mis clubes",
  clubsHint: "Solo quien comparte un club con vos. Nadie más puede escribirte.",
  nobody: "Nadie",
  nobodyHint: "Solo los administradores. Tus chats de club siguen funcionando.",
  save: "Guardar",
  saving: "Guardando…",
  saved: "Guardado.",
  failedLoad: "No se pudieron cargar tus ajustes",
  failedSave: "No se pudieron guardar tus ajustes",
  digestTitle: "Resumen semanal por correo",
  digestHint:
    "Una vez por semana: eventos nuevos de tus clubes y tu región, publicaciones que no viste y solicitudes pendientes. Si no hay nada nuevo, no se envía.",
  digestInvalid: "digest debe ser true o false.",
  readReceiptsInvalid: "read_receipts debe ser true o false.",
};
