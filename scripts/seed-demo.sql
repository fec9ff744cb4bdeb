-- Demo content for local development. Idempotent: settings are only added when missing, and the
-- reviews only when the table is empty (so reviews the owner deletes locally stay deleted until
-- the table is empty again). Never run against production.

INSERT OR IGNORE INTO site_settings (key, value) VALUES ('show_customer_reviews', 'true');
INSERT OR IGNORE INTO site_settings (key, value) VALUES ('promotion_as_entry_page', 'false');

INSERT INTO customer_reviews (title, content, author_name, author_platform, rating, is_active, is_featured, sort_order, created_at)
SELECT column1, column2, column3, column4, column5, column6, column7, column8, column9 FROM (VALUES
  ('Finally, one place for everything I save',
   'I used to email links to myself. Now the share sheet drops them straight into the right category and search finds them in a second. Saving from Safari takes two taps.',
   'Maya R.', 'app_store', 5, 1, 1, 1, '2025-09-14T09:12:00.000Z'),
  ('The link cleaning alone is worth it',
   'Every link I save comes out without the utm_ and fbclid junk. When I share an article with friends it is a clean URL instead of a paragraph of tracking code.',
   'Daniel K.', 'app_store', 5, 1, 1, 2, '2025-09-02T17:40:00.000Z'),
  ('Privacy that is not just a slogan',
   'No account needed, no analytics SDKs in the network log, and sync is end-to-end encrypted. I checked with a proxy before trusting it with my research links.',
   'u/quietbyte', 'reddit', 5, 1, 0, 3, '2025-08-27T21:05:00.000Z'),
  ('Collections made our trip planning painless',
   'My partner and I share a Lisbon collection: restaurants, tram routes, museum tickets. Editor and Viewer permissions mean my parents can look without reshuffling everything.',
   'Sofia & Tom', 'app_store', 5, 1, 0, 4, '2025-08-19T08:30:00.000Z'),
  ('Replaced three apps for me',
   'Read-later app, a notes doc full of URLs, and a bookmarks folder I never opened. Categories plus smart reminders means I actually read what I save now.',
   'Priya N.', 'app_store', 4, 1, 0, 5, '2025-08-05T12:00:00.000Z'),
  ('Great for research-heavy work',
   'I keep a few hundred papers and datasets organised by project. QR codes make it easy to hand a link to a colleague across the table. Would love a Mac app next.',
   'u/datasmith_ella', 'reddit', 4, 1, 0, 6, '2025-07-30T15:22:00.000Z'),
  ('Fast, calm, no clutter',
   'It opens instantly, there are no ads, and nothing nags me to upgrade. The AI categorisation guessed the right folder for nine out of ten links in my first week.',
   'Jonas W.', 'other', 5, 1, 0, 7, '2025-07-21T10:45:00.000Z'),
  ('Small developer, big care',
   'Reported a bug with the share extension on a Friday, had a TestFlight build with the fix on Monday. That kind of responsiveness is rare.',
   'Hannah L.', 'other', 5, 1, 0, 8, '2025-07-10T19:03:00.000Z'),
  ('Solid start, wishing for more import options',
   'Importing from Safari worked well. I would like Pocket export support too, but for daily saving and finding links it already beats everything I tried.',
   'u/linkhoarder', 'reddit', 4, 1, 0, 9, '2025-06-28T13:37:00.000Z'),
  ('Reminders that are actually useful',
   'Setting a reminder on a long read for Sunday morning is genius. It shows up with the article cleaned and ready, no hunting through tabs.',
   'Marcus T.', 'app_store', 5, 0, 0, 10, '2025-06-15T07:58:00.000Z')
)
WHERE NOT EXISTS (SELECT 1 FROM customer_reviews);
