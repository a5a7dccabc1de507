/** The private calendar (ICS) link of the shows the fan is going to; built out next. */
export function CalendarFeedCard() {
  return (
    <section aria-labelledby="calendar-feed-title">
      <h2 id="calendar-feed-title">Calendar feed</h2>
    </section>
  );
}
