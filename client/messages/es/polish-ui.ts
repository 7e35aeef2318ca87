import type { polishUi as en } from "../en/polish-ui";

export const polishUi: typeof en = {
  paging: {
    label: "Páginas",
    previous: "Anterior",
    next: "Siguiente",
    pageOf: "Página {page} de {pages}",
  },
  post: {
    open: "Abrir publicación: {title}",
    close: "Cerrar publicación",
    notFound: "Esta publicación ya no está disponible.",
    loginToReact: "Inicia sesión para dar me gusta o guardar publicaciones.",
    loginToComment: "Inicia sesión para leer y escribir comentarios.",
    logIn: "Iniciar sesión",
  },
};
