import type * as en from "../en/layout";
export const meta: typeof en.meta = {
  title: "ClubNica",
  titleSuffix: " · ClubNica",
  description: "Descubrí y unite a clubes estudiantiles en Nicaragua.",
};

export const nav: typeof en.nav = {
  logo: "ClubNica",
  home: "Inicio",
  clubs: "Clubes",
  myClubs: "Mis clubes",
  events: "Eventos",
  connections: "Conexiones",
  greeting: "Hola, {username}",
  logOut: "Cerrar sesión",
  logIn: "Iniciar sesión",
  signUp: "Registrarse",
  menu: "Menú",
  closeMenu: "Cerrar menú",
  mainNav: "Principal",
  skipToContent: "Ir al contenido",
  unread: "{count, plural, one {# sin leer} other {# sin leer}}",
  badgeWaiting: "{count, plural, one {# pendiente para vos} other {# pendientes para vos}}: {parts}",
  badgeMessages: "{count, plural, one {# mensaje sin leer} other {# mensajes sin leer}}",
  badgeRequests: "{count, plural, one {# solicitud sin responder} other {# solicitudes sin responder}}",
  badgeUpdates:
    "{count, plural, one {# novedad de tus solicitudes, eventos o reportes} other {# novedades de tus solicitudes, eventos o reportes}}",
  badgeShort: "pendientes",
};

export const shellCommon: typeof en.shellCommon = {
  loading: "Cargando…",
  retry: "Intentar de nuevo",
  back: "Volver",
  errorPrefix: "Error: {message}",
  somethingWrong: "Algo salió mal",
  requiredMark: "(obligatorio)",
  errorSummary: "Hay un problema",
  members: "{count, plural, one {# miembro} other {# miembros}}",
  comingSoon: "Esta página está en camino.",
  confirmTitle: "¿Seguro?",
  confirmCancel: "Cancelar",
  confirmProceed: "Sí, continuar",
  confirmDelete: "Borrar",
  confirmLeave: "Salir sin guardar",
  moreActions: "Más acciones",
};

export const listCommon: typeof en.listCommon = {
  you: "Vos",
  showMore: "Ver más",
  showLess: "Ver menos",
  retry: "Reintentar",
  unread: "{count, plural, one {# sin leer} other {# sin leer}}",
  noMessagesYet: "Aún no hay mensajes",
  lastPhoto: "📷 Foto",
  lastDeleted: "Mensaje eliminado",
  youPrefix: "Vos: ",
};

export const paging: typeof en.paging = {
  label: "Páginas",
  previous: "Anterior",
  next: "Siguiente",
  pageOf: "Página {page} de {pages}",
};
