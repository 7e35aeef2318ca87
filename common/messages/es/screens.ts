import type { screens as en } from "../en/screens";

/** Textos de las pantallas centradas en el contenido (encabezado del club, filtros, tarjetas…). */
export const screens: typeof en = {
  clubHeader: {
    member: "Miembro",
    chat: "Chatear",
    socialLabel: "Redes sociales",
    openSocial: "{network} (se abre en una pestaña nueva)",
    logo: "Logo de {name}",
  },
  clubFilters: {
    filters: "Filtros",
    filtersActive: "Filtros ({count})",
    region: "Región",
    allRegions: "Todas las regiones",
    filterRegion: "Filtrar por región",
    tags: "Etiquetas",
    active: "Filtros activos",
    removeFilter: "Quitar el filtro {name}",
  },
  connections: {
    membersOf: "{count, plural, one {# miembro} other {# miembros}}",
    showMembers: "Miembros de {club}",
    actions: "Más acciones para {name} en {club}",
    cancel: "Cancelar",
    confirmTitle: "Quitar miembro",
  },
  imagePicker: {
    chooseCover: "Elegir una imagen de portada",
    changeCover: "Cambiar la portada",
    chooseLogo: "Elegir un logo",
    changeLogo: "Cambiar el logo",
    coverHint: "Una foto ancha queda mejor: unos 1200 × 500 píxeles, sin texto encima.",
    logoHint: "Una imagen cuadrada; se muestra en un círculo.",
    positionHint: "Mové los controles para elegir qué parte de la portada se ve.",
    choosePicture: "Elegir una foto de perfil",
    changePicture: "Cambiar la foto de perfil",
    currentPicture: "Tu foto de perfil",
    choosePhoto: "Elegir una foto",
    changePhoto: "Cambiar la foto",
  },
};
