import { getRouteApi } from "@tanstack/react-router";
import { ClubCard } from "../../components/club-card";
import { m } from "../../messages";

const route = getRouteApi("/clubs");

export function ClubsPage() {
  const { clubs } = route.useLoaderData();
  return (
    <div className="page">
      <h1 className="page__title">{m.web.clubs.title}</h1>
      <ul className="card-grid">
        {clubs.map((club) => (
          <li key={club.id}>
            <ClubCard club={club} />
          </li>
        ))}
      </ul>
    </div>
  );
}
