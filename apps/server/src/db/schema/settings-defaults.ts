import type { TFanSettings } from '@encore/contract';

/** What a fan has before saving any setting: the column defaults and GET's answer agree. */
export const FAN_SETTINGS_DEFAULTS: TFanSettings = {
  notifications: {
    push: true,
    email: true,
    sms: false,
    newShows: true,
    ticketSales: true,
    priceDrops: true,
    lineupChanges: true,
    genreAlerts: 'instant',
    showPals: true,
    showPalsEmail: true,
    artistMessages: true,
    artistMessagesFromGenres: false,
  },
  privacy: { visibility: 'public', showAttendance: true, allowFriendRequests: true },
};
