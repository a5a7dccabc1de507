import type * as schema from '../db/schema/index.ts';
import type { DemoCity } from './cities.ts';
import type { DemoFanPlace } from './fan-places.ts';
import type { DemoShowRequest } from './show-requests.ts';

/** The rows of the demo data set, table by table, exactly as they are inserted. */
export type UserRow = typeof schema.user.$inferInsert & { id: string; createdAt: Date };
export type AccountRow = typeof schema.account.$inferInsert;
export type FanRow = typeof schema.fanProfile.$inferInsert;
export type PerformerRow = typeof schema.performerProfile.$inferInsert;
export type VenueRow = typeof schema.venueProfile.$inferInsert;
export type FanSettingsRow = typeof schema.fanSettings.$inferInsert;
export type ShowRow = typeof schema.shows.$inferInsert & {
  id: string;
  startsAt: Date;
  createdAt: Date;
};
export type ShowEventRow = typeof schema.showEvents.$inferInsert;
export type ShowActRow = typeof schema.showActs.$inferInsert;
export type AlertRow = typeof schema.artistAlerts.$inferInsert;
export type AttendanceRow = typeof schema.showAttendance.$inferInsert;
export type TicketClickRow = typeof schema.ticketClicks.$inferInsert;
/** A Show Pals link naming its two fans in any order (the loader orders them as the database does). */
export type PalLinkRow = typeof schema.palLinks.$inferInsert;
export type GoingInviteRow = typeof schema.goingInvites.$inferInsert;
/** A Show Pals notice without its id: the loader inserts them last, so they are the newest. */
export type SocialNoticeRow = Omit<typeof schema.socialNotices.$inferInsert, 'id'>;

export type DemoPerformer = { user: UserRow; profile: PerformerRow; home: DemoCity };
export type DemoVenue = {
  user: UserRow;
  profile: VenueRow & { latitude: number; longitude: number };
};
export type DemoFan = {
  user: UserRow;
  profile: FanRow & { latitude: number; longitude: number };
};

export type DemoDataSet = {
  users: UserRow[];
  accounts: AccountRow[];
  performers: PerformerRow[];
  venues: VenueRow[];
  fans: FanRow[];
  fanSettings: FanSettingsRow[];
  shows: ShowRow[];
  showEvents: ShowEventRow[];
  showActs: ShowActRow[];
  alerts: AlertRow[];
  attendance: AttendanceRow[];
  ticketClicks: TicketClickRow[];
  palLinks: PalLinkRow[];
  goingInvites: GoingInviteRow[];
  socialNotices: SocialNoticeRow[];
  /** Placed from each fan's profile by the loader, as the API places a request. */
  showRequests: DemoShowRequest[];
  /** Placed by the loader through the API's own placing (domain/fan-place.ts). */
  fanPlaces: DemoFanPlace[];
};
