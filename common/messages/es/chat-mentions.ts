import type { mentions as enMentions, readState as enReadState } from "../en/chat-mentions";

export const mentions: typeof enMentions = {
  suggestions: "Miembros para mencionar",
  noMatches: "Ningún miembro coincide",
  hint: "Escribí @ para mencionar a un miembro; flechas para elegir, Enter o Tab para escoger, Escape para cerrar.",
  memberQueryTooLong: "La búsqueda tiene como máximo {max, plural, one {# carácter} other {# caracteres}}.",
};

export const readState: typeof enReadState = {
  sent: "Enviado",
  seen: "Visto · {time}",
  seenBy: "Visto por {count, plural, one {# persona} other {# personas}}",
  seenByTitle: "Visto por",
  nobodyYet: "Nadie lo ha visto todavía.",
  failedLoad: "No se pudo cargar quién lo vio",
  close: "Cerrar",
  messageIdRequired: "Indicá message_id: el mensaje cuyos lectores querés ver.",
  namesFlag: "names es true o false.",
  messageNotInChat: "Ese mensaje no está en este chat.",
};
