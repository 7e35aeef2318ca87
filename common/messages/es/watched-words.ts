import type { watchedWordsPage as enPage, watchedWords as enWords } from "../en/watched-words";

export const watchedWords: typeof enWords = {
  blocked: "Este texto no cumple las normas de la comunidad. Cambialo y volvé a intentarlo.",
  needsReview:
    "Este texto necesitaría la revisión de un administrador, y un nombre o un perfil no puede quedar oculto mientras tanto. Cambialo y volvé a intentarlo.",
  notFound: "No encontramos esa palabra vigilada.",
  duplicate: "Esa palabra ya está en la lista.",
  wordRequired: "Escribí una palabra o frase.",
  wordTooLong: "Escribí menos de 100 caracteres.",
  wordNoLetters: "Escribí al menos una letra o un número.",
  actionInvalid: "Elegí una acción: bloquear, censurar, marcar o retener.",
  reporterName: "ClubNica",
  pendingReview: "Pendiente de revisión",
  pendingReviewHint: "Solo vos lo ves hasta que un administrador lo revise.",
};

export const watchedWordsPage: typeof enPage = {
  title: "Palabras vigiladas",
  intro:
    "Palabras y frases que ClubNica busca en todo lo que la gente escribe. No importan las mayúsculas, las tildes, las letras repetidas ni los números en lugar de letras, y solo cuentan palabras completas.",
  addTitle: "Agregar una palabra",
  word: "Palabra o frase",
  action: "Qué pasa",
  add: "Agregar",
  adding: "Agregando…",
  added: "Agregaste {word}.",
  saved: "Guardado.",
  deleted: "Eliminaste {word}.",
  cancel: "Cancelar",
  link: "Palabras vigiladas",
  delete: "Eliminar",
  deleteLabel: "Eliminar {word}",
  deleteTitle: "¿Eliminar {word}?",
  deleteBody: "Los textos ya no se van a revisar buscando esta palabra.",
  actionFor: "Qué pasa con {word}",
  search: "Buscar en la lista",
  empty: "Todavía no hay palabras vigiladas. Agregá la primera arriba.",
  noMatches: "Ninguna palabra coincide con tu búsqueda.",
  showing: "Se muestran {shown} de {count}. Buscá para encontrar una palabra.",
  showMore: "Mostrar {more} más",
  countOther: "{count, plural, one {# palabra} other {# palabras}}",
  failedLoad: "No se pudo cargar la lista.",
  failedSave: "No se pudo guardar el cambio. Intentá otra vez.",
  actions: {
    block: "Bloquear: rechazar el texto",
    censor: "Censurar: cambiarla por asteriscos",
    flag: "Marcar: publicar y enviar a la cola",
    hold: "Retener: ocultar hasta que un administrador lo apruebe",
  },
  holdHelp:
    "Las publicaciones, los comentarios y los mensajes del chat con esta palabra quedan ocultos (solo su autor los ve) hasta que un administrador los apruebe en la cola de moderación. Los nombres y descripciones de clubes, los perfiles y los nombres de usuario con ella se rechazan: nadie podría verlos mientras esperan.",
  heldBadge: "Retenido: solo su autor lo ve",
  approve: "Aprobar",
  reject: "Rechazar",
  matchedWords: "Palabras vigiladas encontradas",
};
