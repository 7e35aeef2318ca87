import type * as en from "../en/chat";

/** Chat, conversation list and notification strings (API details and the chat screen). */
export const chat: typeof en.chat = {
  emptyMessage: "El mensaje no puede estar vacío.",
  messageTooLong: "El mensaje puede tener como máximo {max, plural, one {# carácter} other {# caracteres}}.",
  ownerCannotSend: "Los dueños del club no pueden enviar mensajes en el chat del club.",
  ownerCannotRead: "Los dueños del club no ven el chat del club.",
  joinToChat: "Unite a este club para chatear con él.",
  cannotMessageSelf: "No podés enviarte mensajes a vos mismo.",
  userNotFound: "Usuario no encontrado",
  clubNotFound: "Club no encontrado",
  cursorConflict: "Usá after o before, no ambos.",
  cursorInvalid: "Debe ser un número entero positivo.",
};

export const chatPage: typeof en.chatPage = {
  title: "Chat",
  conversations: "Conversaciones",
  noConversations: "Aún no hay conversaciones. Unite a un club o escribile a alguien desde su perfil.",
  allConversations: "Todas las conversaciones",
  loading: "Cargando mensajes…",
  typing: "{name} está escribiendo…",
  failedLoad: "No se pudieron cargar los mensajes",
  failedConversations: "No se pudieron cargar las conversaciones",
  empty: "Aún no hay mensajes. ¡Saludá!",
  earlier: "Cargar mensajes anteriores",
  messageLabel: "Mensaje",
  placeholder: "Escribí un mensaje",
  send: "Enviar",
  sending: "Enviando…",
  failedSend: "No se pudo enviar el mensaje",
  ownerNote:
    "Sos dueño de este club, así que su chat grupal es solo para sus miembros y no podés enviar ni leer mensajes allí. Los mensajes directos de los miembros aparecen en tus conversaciones.",
  ownerLink: "Ir a tus conexiones",
  viewClub: "Ver club",
  viewProfile: "Ver perfil",
  clubChat: "Chat del club",
  directChat: "Mensaje directo",
  newMessages: "Mensajes nuevos",
  enterHint: "Enter para enviar, Mayús+Enter para una nueva línea.",
  userNotFound: "Usuario no encontrado",
  clubNotFound: "Club no encontrado",
};
