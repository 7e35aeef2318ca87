import { Link } from "@tanstack/react-router";
import { m } from "../../../../common/messages";

/** An unknown club id: "Club not found" (HTTP 404 when rendered on the server). */
export function ClubNotFound() {
  return (
    <div className="page">
      <div className="empty-state">
        <p>{m.clubPage.notFound}</p>
        <Link to="/clubs" className="button button--secondary">
          {m.clubPage.backToClubs}
        </Link>
      </div>
    </div>
  );
}
