import { Link } from "@tanstack/react-router";
import { Megaphone } from "lucide-react";
import type { MyConnections } from "../../../common/api/connections";
import { m } from "../../../common/messages";
import { ClubCard } from "../../components/club-card";
import { Alert } from "../../components/form";
import { CardGridSkeleton } from "../../components/skeleton";
import { useResource } from "../../lib/use-resource";

const t = m.communityUi.recruiting;

/** A placeholder dashboard (spec section 2): what is coming, and the owner's clubs meanwhile. */
export function RecruitingPage() {
  const clubs = useResource(
    (api) =>
      api
        .get<MyConnections>("/api/my-connections", { fallback: t.failedLoad })
        .then((r) => r.clubs.filter((c) => c.is_owner)),
    [],
  );
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
        {clubs.error ? (
          <Alert>{clubs.error}</Alert>
        ) : !clubs.data ? (
          <CardGridSkeleton count={3} />
        ) : clubs.data.length === 0 ? (
          <p className="muted">{t.noClubs}</p>
        ) : (
          <ul className="card-grid">
            {clubs.data.map((club) => (
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
