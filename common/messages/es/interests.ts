import type * as en from "../en/interests";

export const interests: typeof en.interests = {
  unknownTag: "Ningún club usa la etiqueta «{tag}». Elegí una de las etiquetas de los clubes.",
  tooManyTags: "Elegí como máximo {max, plural, one {# etiqueta} other {# etiquetas}}.",
  schoolTooLong:
    "El nombre del colegio es muy largo (máximo {max, plural, one {# carácter} other {# caracteres}}).",
  reasonTag: "Porque te interesa {tag}",
  reasonRegion: "En {region}",
  reasonSchool: "Estudiantes de tu colegio",
};

export const interestsPage: typeof en.interestsPage = {
  title: "¿Qué te interesa?",
  intro: "Elegí lo que te gusta y te sugerimos clubes. Podés cambiarlo cuando querás.",
  tagsLegend: "Temas",
  noTags: "Todavía no hay temas de clubes.",
  region: "Región",
  anyRegion: "Cualquier región",
  school: "Colegio o universidad",
  save: "Guardar",
  saving: "Guardando…",
  skip: "Ahora no",
  failed: "No se pudieron guardar tus intereses",
  loadFailed: "No se pudieron cargar tus intereses",
  saved: "Guardamos tus intereses.",
  promptTitle: "¿Qué te interesa?",
  promptText: "Contanos qué te gusta y te sugerimos clubes.",
  promptAction: "Elegir intereses",
  editLink: "Editar mis intereses",
};

export const suggestions: typeof en.suggestions = {
  title: "Para vos",
  intro: "Clubes elegidos según lo que nos contaste: debajo de cada uno va el porqué.",
  reasonsLabel: "Por qué este club",
  none: "Todavía no hay clubes abiertos que coincidan con tus intereses.",
  pickInterests: "Elegir intereses",
  editInterests: "Editar intereses",
  failed: "No se pudieron cargar los clubes para vos",
  pageIntro:
    "Clubes y eventos elegidos para vos, primero los de tu región. Debajo de cada club va el porqué.",
  eventsTitle: "Eventos cerca de vos",
  eventsIn: "Próximos eventos en {region}.",
  eventsSoon: "Próximos eventos de todos los clubes.",
  eventsNone: "Todavía no hay eventos próximos cerca de vos.",
  eventsFailed: "No se pudieron cargar los eventos",
  allEvents: "Ver todos los eventos",
  allClubs: "Ver todos los clubes",
  emptyInstallTitle: "Todavía no hay clubes",
  emptyInstallAdmin: "Creá el primer club con + Crear club; los estudiantes lo encontrarán aquí.",
  emptyInstallMember: "Los clubes aparecerán aquí en cuanto se cree el primero.",
  emptyInstallSeed: "En desarrollo, ejecutá bun run seed para agregar clubes de ejemplo.",
};
