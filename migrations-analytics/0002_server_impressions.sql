-- Migration number: 0002 	 A/B impressions the server counts itself (ADR 0047)
-- An A/B result divides sign-ups by impressions. The browser's ab_test_impression events can be posted
-- by anyone, so they no longer make the result: the site records ab_test_served when it serves a page
-- that shows variants (app/features/analytics/served-impressions.server.ts), and only the server can,
-- since the name is not in the event catalogue. The browser's impressions are still counted, and the
-- admin's page shows them apart, labelled as reported by browsers. The view differs from 0001's in
-- the ab_variant facet only; no stored event is named ab_test_served yet, so nothing is recounted.
DROP VIEW analytics_event_facets;
CREATE VIEW analytics_event_facets AS
SELECT e.id, iif(f.key = 'visitor_hash', '*', e.name) AS name, substr(e.occurred_at, 1, 10) AS day, f.key AS facet, f.value AS value
FROM analytics_events AS e, json_each(json_object(
  'path', iif(e.name = 'page_view', coalesce(e.path, ''), NULL),
  'referrer_host', iif(e.name = 'page_view', e.referrer_host, NULL),
  'utm_source', iif(e.name IN ('page_view', 'conversion'), coalesce(e.utm_source, ''), NULL),
  'form', iif(e.name IN ('form_start', 'form_submit'), json_extract(e.properties, '$.form'), NULL),
  'form_success', iif(e.name = 'form_submit' AND json_extract(e.properties, '$.success') = 1, json_extract(e.properties, '$.form'), NULL),
  'ab_variant', iif(e.name IN ('ab_test_served', 'ab_test_impression', 'ab_test_signup'), json_array(json_extract(e.properties, '$.test'), json_extract(e.properties, '$.variant')), NULL),
  'page_metric', iif(e.name = 'web_vital' AND json_extract(e.properties, '$.metric') IS NOT NULL AND typeof(json_extract(e.properties, '$.value')) IN ('integer', 'real'),
    json_array(e.path, json_extract(e.properties, '$.metric')), NULL),
  'visitor_hash', iif(e.consent = 'analytics', e.visitor_hash, NULL)
)) AS f
WHERE f.value IS NOT NULL;
