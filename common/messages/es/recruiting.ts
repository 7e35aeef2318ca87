import type * as en from "../en/recruiting";
export const recruitingPage: typeof en.recruitingPage = {
  title: "Reclutamiento",
  intro: "Tu panel de reclutamiento está en camino.",
  cardTitle: "Muy pronto",
  cardText:
    "Pronto verás aquí quién se interesa por tus clubes, la evolución de las solicitudes y podrás planear eventos de reclutamiento. Mientras tanto, mantén al día las páginas de tus clubes y responde rápido a las solicitudes.",
  yourClubs: "Tus clubes",
  noClubs: "Aún no eres dueño de ningún club.",
  createClub: "+ Crear club",
  requests: "Revisar solicitudes de conexión",
  failedLoad: "No se pudieron cargar los clubes",
};
