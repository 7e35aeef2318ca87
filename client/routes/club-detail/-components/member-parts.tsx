/**
 * What a club page shows only to a signed-in person, in one chunk a guest never downloads
 * (loaded through ../-lib/lazy-parts.ts with TanStack Query and the whole catalogue).
 */
export { PollComposer } from "../../../components/post/poll-composer";
export { PostComposer } from "../../../components/post/post-composer";
export { ReportButton } from "../../../components/report/report-button";
export { ClubRequests } from "./club-requests";
export { Directiva, HandoverOffer, OfficerAttendanceLink } from "./directiva";
export { MemberList } from "./member-list";
export { OfficerTools } from "./officer-tools";
