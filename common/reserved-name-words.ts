/**
 * The word lists behind common/reserved-names.ts: the words a username may not be or contain,
 * and the staff titles a display name may not use. Kept apart from the rules so the lists can
 * be read, reviewed and tested word by word.
 */

// Reserved usernames

/**
 * Words that name ClubNica's staff or the system. A username is refused when, after the
 * skeleton, it *is* one of these (separators ignored: "a.d.m.i.n", "club_nica"), or when one of
 * its parts between separators (`_ - .`, or digits) is one ("soporte-clubnica", "mod_ana",
 * "ayuda2024").
 */
export const RESERVED_USERNAMES = [
  // administration
  "admin",
  "admins",
  "administrador",
  "administradora",
  "administradores",
  "administrator",
  "administracion",
  "sysadmin",
  "superadmin",
  "superuser",
  "superusuario",
  "root",
  "webmaster",
  "postmaster",
  // moderation
  "moderador",
  "moderadora",
  "moderadores",
  "moderator",
  "moderators",
  "moderacion",
  "moderation",
  "mod",
  "mods",
  // support and help
  "soporte",
  "support",
  "ayuda",
  "help",
  "helpdesk",
  "staff",
  // the system itself
  "clubnica",
  "sistema",
  "system",
  "seguridad",
  "security",
  "noreply",
  "verificado",
  "verificada",
  "verified",
] as const;

// Staff titles in display names

/**
 * Words a first, middle or last name may not be, because they claim a staff role. Judged per
 * word of the name (after the skeleton), on the whole name with its spaces removed
 * ("A d m i n", "Club Nica"), and on each two neighbouring words joined ("Club Nica Oficial");
 * the distinctive words also at the start or end of a word ("AdminAna"). Fewer words than for
 * usernames: "Sistema", "Root" or "Ayuda" could be part of a real name or nickname.
 */
export const STAFF_NAME_WORDS = [
  "admin",
  "admins",
  "administrador",
  "administradora",
  "administradores",
  "administrator",
  "administracion",
  "sysadmin",
  "superadmin",
  "moderador",
  "moderadora",
  "moderadores",
  "moderator",
  "moderacion",
  "mod",
  "mods",
  "soporte",
  "support",
  "staff",
  "webmaster",
  "clubnica",
] as const;
