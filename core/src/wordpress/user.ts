/** The WordPress user a request authenticated as (what `/wp/v2/users/me` describes). */
export type WordPressUser = { id: number; login: string; name: string };
