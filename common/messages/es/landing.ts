import type * as en from "../en/landing";
export const landing: typeof en.landing = {
  title: "Encuentra a tu gente en el colegio",
  heroTitle: "Encuentra tu club. Encuentra a tu gente.",
  heroText:
    "ClubNica reúne clubes estudiantiles de Managua, León, Masaya y Granada. Explora, conecta y mantente al día en un solo lugar.",
  getStarted: "Comenzar",
  exploreClubs: "Explorar clubes",
  featuresTitle: "Por qué ClubNica",
  features: [
    {
      title: "Descubre clubes",
      text: "Busca clubes por nombre o etiqueta y encuentra los que van contigo.",
    },
    { title: "Conecta", text: "Envía una solicitud de conexión y chatea con los líderes del club." },
    { title: "Mantente al día", text: "Sigue publicaciones y eventos de tus clubes favoritos." },
  ],
  topClubs: "Clubes destacados",
};
