import { Link } from "@tanstack/react-router";
import Megaphone from "lucide-react/icons/megaphone";
import { m } from "../../../common/messages";
import { ClubCard } from "../../components/club-card";
import { Alert } from "../../components/form";
import { CardGridSkeleton } from "../../components/skeleton";
import { useMyConnections } from "../../lib/shared-data";

const t = m.recruitingPage;

/** A placeholder dashboard (spec section 2): what is coming, and the owner's clubs meanwhile. */
export function RecruitingPage() {
  const connections = useMyConnections(t.failedLoad);
  const owned = connections.data?.clubs.filter((c) => c.is_owner) ?? null;
  return (
    <div className="page recruiting">
      <h1 className="page__title">{t.title}</h1>
      <p className="page__intro">{t.intro}</p>
      <section className="card-panel recruiting__card" aria-labelledby="recruiting-soon">
        <Megaphone aria-hidden="true" size={40} className="recruiting__icon" />
        <div>
          <h2 id="recruiting-soon">{t.cardTitle}</h2>
          <p>{t.cardText}</p>
          <div className="button-row">
            <Link to="/connections" search={{ tab: "requests" }} className="button button--primary">
              {t.requests}
            </Link>
            <Link to="/clubs/new" className="button button--secondary">
              {t.createClub}
            </Link>
          </div>
        </div>
      </section>
      <section aria-labelledby="recruiting-clubs" className="recruiting__clubs">
        <h2 id="recruiting-clubs" className="section-title">
          {t.yourClubs}
        </h2>
        {connections.error ? (
          <Alert>{connections.error}</Alert>
        ) : !owned ? (
          <CardGridSkeleton count={3} />
        ) : owned.length === 0 ? (
          <p className="muted">{t.noClubs}</p>
        ) : (
          <ul className="card-grid">
            {owned.map((club) => (
              <li key={club.id}>
                <ClubCard club={club} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
