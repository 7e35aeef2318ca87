import { getRouteApi, Link } from "@tanstack/react-router";
import Compass from "lucide-react/icons/compass";
import MessageCircle from "lucide-react/icons/message-circle";
import Newspaper from "lucide-react/icons/newspaper";
import type { ClubListItem } from "../../../common/api/clubs";
import { m } from "../../../common/messages";
import { memberCountText } from "../../components/club-card";
import { useSession } from "../../components/session-provider";

const route = getRouteApi("/");
const t = m.landing;
const featureIcons = [Compass, MessageCircle, Newspaper];

function MarqueeItem({ club, hidden }: { club: ClubListItem; hidden?: boolean }) {
  return (
    <li className="marquee__item">
      <Link
        to="/clubs/$clubId"
        params={{ clubId: String(club.id) }}
        className="marquee__link"
        tabIndex={hidden ? -1 : undefined}
      >
        <span className="marquee__name">{club.name}</span>
        <span className="marquee__meta">{memberCountText(club.member_count)}</span>
      </Link>
    </li>
  );
}

/**
 * Top clubs scrolling in a 28 s loop (CSS), paused on hover and focus, still under
 * prefers-reduced-motion. The list is rendered twice so the loop is seamless; the copy is
 * hidden from assistive technology. Nothing renders when there are no clubs.
 */
function TopClubsMarquee({ clubs }: { clubs: ClubListItem[] }) {
  if (clubs.length === 0) return null;
  return (
    <section className="top-clubs" aria-labelledby="top-clubs-title" data-testid="top-clubs">
      <h2 id="top-clubs-title" className="section-title">
        {t.topClubs}
      </h2>
      <div className="marquee" data-testid="marquee">
        <div className="marquee__track">
          <ul className="marquee__list">
            {clubs.map((club) => (
              <MarqueeItem key={club.id} club={club} />
            ))}
          </ul>
          <ul className="marquee__list" aria-hidden="true" data-testid="marquee-copy">
            {clubs.map((club) => (
              <MarqueeItem key={club.id} club={club} hidden />
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

export function LandingPage() {
  const { topClubs } = route.useLoaderData();
  const { user } = useSession();
  return (
    <div className="landing">
      <section className="hero">
        <div className="hero__inner">
          <h1 className="hero__title">{t.heroTitle}</h1>
          <p className="hero__text">{t.heroText}</p>
          <div className="hero__actions">
            <Link to={user ? "/clubs" : "/login"} className="button button--primary button--large">
              {t.getStarted}
            </Link>
            <Link to="/clubs" className="button button--secondary button--large">
              {t.exploreClubs}
            </Link>
          </div>
        </div>
      </section>
      <TopClubsMarquee clubs={topClubs} />
      <section className="features page" aria-labelledby="features-title">
        <h2 id="features-title" className="section-title">
          {t.featuresTitle}
        </h2>
        <ul className="features__grid">
          {t.features.map((feature, i) => {
            const Icon = featureIcons[i] ?? Compass;
            return (
              <li key={feature.title} className="feature-card">
                <Icon aria-hidden="true" size={28} className="feature-card__icon" />
                <h3 className="feature-card__title">{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
