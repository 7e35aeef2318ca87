import type * as en from "../en/navigation";

export const tabBar: typeof en.tabBar = {
  label: "Secciones",
  home: "Inicio",
  clubs: "Clubes",
  chats: "Chats",
  profile: "Perfil",
};

export const inboxPage: typeof en.inboxPage = {
  title: "Chats",
  intro: "Los chats de tus clubes y tus mensajes directos, los más recientes primero.",
  findClubs: "Buscar clubes",
};

export const announcements: typeof en.announcements = {
  liked: "Te gusta",
  unliked: "Ya no te gusta",
  clubSaved: "Club guardado.",
};
