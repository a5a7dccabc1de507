/**
 * What the Notifications tab needs from the browser's push subscription. The push feature
 * provides it and app/ passes it in, since features do not import each other.
 */
export interface PushControl {
  /** Asks the permission, subscribes this browser and registers it with the server. */
  enable: () => Promise<{ ok: boolean; message: string }>;
  /** Drops this browser's subscription. */
  disable: () => Promise<void>;
  /** Whether this browser is subscribed now (push can be on for the account, off in this browser). */
  subscribedHere: () => Promise<boolean>;
}
