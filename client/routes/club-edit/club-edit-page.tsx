import { getRouteApi, Link } from "@tanstack/react-router";
import ArrowLeft from "lucide-react/icons/arrow-left";
import { format, m } from "../../../common/messages";
import { ClubForm } from "./-components/club-form";

const t = m.clubForm;
const editRoute = getRouteApi("/authed/clubs/edit/$clubId");

export function ClubNewPage() {
  return (
    <div className="page page--form club-form-page">
      <Link to="/clubs" className="back-link">
        <ArrowLeft aria-hidden="true" size={16} />
        {m.clubPage.backToClubs}
      </Link>
      <h1 className="page__title">{t.newTitle}</h1>
      <p className="page__intro">{t.intro}</p>
      <ClubForm club={null} />
    </div>
  );
}

export function ClubEditPage() {
  const { club, error } = editRoute.useLoaderData();
  if (!club) {
    return (
      <div className="page">
        <div className="empty-state">
          <p>{error ? format(m.shellCommon.errorPrefix, { message: error }) : m.clubPage.notFound}</p>
          <Link to="/clubs" className="button button--secondary">
            {m.clubPage.backToClubs}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="page page--form club-form-page">
      <Link to="/clubs/$clubId" params={{ clubId: String(club.id) }} className="back-link">
        <ArrowLeft aria-hidden="true" size={16} />
        {club.name}
      </Link>
      <h1 className="page__title">{format(t.editTitle, { name: club.name })}</h1>
      <p className="page__intro">{t.intro}</p>
      <ClubForm key={club.id} club={club} />
    </div>
  );
}
