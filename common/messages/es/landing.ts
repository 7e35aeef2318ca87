import type * as en from "../en/landing";
export const landing: typeof en.landing = {
  title: "Encontrá a tu gente en el colegio",
  heroTitle: "Encontrá tu club. Encontrá a tu gente.",
  heroText:
    "ClubNica reúne clubes estudiantiles de Managua, León, Masaya y Granada. Explorá clubes, unite y mantenete al día en un solo lugar.",
  getStarted: "Comenzar",
  exploreClubs: "Explorar clubes",
  featuresTitle: "Por qué ClubNica",
  features: [
    {
      title: "Descubrí clubes",
      text: "Buscá clubes por nombre o etiqueta y encontrá los que van con vos.",
    },
    { title: "Unite", text: "Pedí unirte a un club y chateá con sus líderes." },
    { title: "Mantenete al día", text: "Seguí publicaciones y eventos de tus clubes favoritos." },
  ],
  topClubs: "Clubes destacados",
};
