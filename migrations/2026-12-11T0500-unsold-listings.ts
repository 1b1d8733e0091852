// Unsold listings (issue 33, decision 0073), both engines: an auction or hybrid listing whose auction ended without a
// sale or was cancelled used to go back to "active" with no auction to bid in and nothing to buy — a dead end. It is
// now "unsold" until its seller relists it, switches it to Buy It Now or ends it. This moves the existing dead ends:
// active auction and hybrid listings with no upcoming or running auction. Listings under review or removed by a
// moderator are not active, so they keep the state moderation gave them. The status column has no check constraint;
// the triggers that keep the search rows and the dashboard counts follow the update as for any status change.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update equipment_listings set status = 'unsold'
    where status = 'active'
      and listing_type in ('auction', 'hybrid')
      and not exists (select 1 from auctions a where a.listing_id = equipment_listings.id and a.status in ('upcoming', 'active'))
  `.execute(db);
}
