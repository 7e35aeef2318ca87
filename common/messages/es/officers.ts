import type { officers as en, handover as enHandover, officersPage as enPage } from "../en/officers";

/** La Directiva (oficiales del club) y el traspaso de un club: detalles de la API y pantallas. */
export const officers: typeof en = {
  manageForbidden: "Solo el dueño de este club o un administrador puede nombrar la Directiva.",
  listForbidden: "Solo los miembros de este club pueden ver su Directiva.",
  notMember: "Esta persona no es miembro del club. Solo los miembros pueden estar en la Directiva.",
  ownerIsNoOfficer: "El dueño ya tiene todos los permisos y no puede estar en la Directiva.",
  notOfficer: "Esta persona no está en la Directiva del club.",
  titleRequired: "Escribí un cargo (por ejemplo Secretaria).",
  titleTooLong: "El cargo puede tener como máximo 60 caracteres.",
  unknownPermission: "Permiso desconocido.",
};

export const handover: typeof enHandover = {
  offerForbidden: "Solo el dueño de este club o un administrador puede traspasar el club.",
  alreadyOwner: "Esta persona ya es dueña del club.",
  notMember: "El club solo se puede traspasar a uno de sus miembros.",
  alreadyOpen: "Este club ya tiene un traspaso abierto. Cancelalo primero.",
  noOpen: "Este club no tiene un traspaso abierto.",
  noOffer: "Nadie te ofreció este club.",
  alreadyAnswered: "Este traspaso ya fue respondido.",
  ownerChanged: "El club cambió de dueño mientras tanto, así que este traspaso ya no se puede completar.",
  formerOwnerTitle: "Exdueño",
  ownerActive:
    "El dueño de este club está activo: lo traspasa él mismo (Editar → Miembros → Traspasar el club).",
  userNotFound: "Usuario no encontrado",
  newOwnerBanned: "Esta cuenta está suspendida y no puede ser dueña de un club.",
  newOwnerNotOwner: "Es una cuenta de miembro: primero hacela dueña (cambiá su rol).",
  ownerCannotLeave:
    "Sos dueño de este club, así que no podés salir. Primero traspasalo a un miembro (Editar → Miembros → Traspasar el club); cuando termine podés quedarte en la Directiva o salir.",
  ownerCannotDelete:
    "Sos dueño de un club con miembros ({clubs}). Traspasá cada uno a un miembro antes de borrar tu cuenta (la página del club → Editar → Miembros → Traspasar el club).",
};

export const officersPage: typeof enPage = {
  directiva: "Directiva",
  officerTools: "Herramientas de la Directiva",
  editClub: "Editar la página del club",
  joinRequests: "Solicitudes para unirse",
  removeMember: "Quitar",
  removeMemberLabel: "Quitar a {name} del club",
  removeMemberConfirm: "¿Quitar a {name} de {club}?",
  memberRemoved: "{name} ya no es miembro del club.",
  removeFailed: "No se pudo quitar. Probá de nuevo.",
  manage: "Lo que puede hacer",
  manageTitle: "Directiva",
  intro:
    "Nombrá a miembros en la Directiva con un cargo y lo que pueden hacer. El dueño y los administradores siempre pueden hacer todo.",
  member: "Miembro",
  title: "Cargo",
  titlePlaceholder: "Secretaria",
  save: "Guardar",
  remove: "Quitar de la Directiva",
  saved: "Guardado.",
  failed: "No se pudo guardar. Intentá de nuevo.",
  noMembers: "El club todavía no tiene miembros.",
  noOfficers: "Todavía no hay Directiva.",
  permissionNames: {
    accept_requests: "Aceptar solicitudes y quitar miembros",
    post: "Publicar posts y eventos",
    check_in: "Tomar asistencia (check-in)",
    moderate_chat: "Borrar mensajes en el chat del club",
    edit_club: "Editar la página y las imágenes del club",
  },
  handoverHeading: "Traspasar el club",
  handoverIntro:
    "Ofrecé el club a un miembro. Cuando acepte (y un administrador lo apruebe, si la cuenta de esa persona es de miembro), pasa a ser el dueño. Vos seguís como miembro con los permisos que marqués acá.",
  handoverTo: "Nuevo dueño",
  keepPermissions: "Lo que conservo en la Directiva",
  leaveAfter: "Salir del club cuando se complete el traspaso",
  offer: "Ofrecer el club",
  cancelOffer: "Cancelar el traspaso",
  pendingOffer: "Traspaso ofrecido a {person} ({status}).",
  statusNames: {
    offered: "esperando su respuesta",
    awaiting_approval: "esperando la aprobación de un administrador",
    completed: "completado",
    declined: "rechazado",
    cancelled: "cancelado",
    refused: "denegado",
  },
  offeredToYou: "Te ofrecieron este club. ¿Querés ser su dueño?",
  offeredToYouAwaiting: "Aceptaste este club. Primero un administrador tiene que aprobarte como dueño.",
  accept: "Aceptar",
  decline: "Rechazar",
};
