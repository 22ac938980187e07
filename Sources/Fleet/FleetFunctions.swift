// The fleet server's functions (PL/pgSQL), part of FleetSchema.version1. Each runs as
// the schema's owner (SECURITY DEFINER) with a search_path of the catalog and pg_temp
// last, so a caller's own objects can never stand in for ours; every name is written
// in full. A kiosk function starts by finding the caller from `session_user`.

enum FleetFunctions {
    static let kiosk = """

        -- The calling kiosk, from its login; refused for anyone else or a revoked one.
        CREATE FUNCTION fleet.calling_kiosk() RETURNS fleet.kiosk
        LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
        DECLARE k fleet.kiosk;
        BEGIN
            SELECT * INTO k FROM fleet.kiosk WHERE role = session_user AND revoked_at IS NULL;
            IF NOT FOUND THEN
                RAISE EXCEPTION 'not a kiosk of this fleet' USING ERRCODE = 'insufficient_privilege';
            END IF;
            RETURN k;
        END $$;

        CREATE FUNCTION fleet.hello_v1()
        RETURNS TABLE (kiosk_name text, site_name text, site_tz text, server_time float8)
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
        DECLARE k fleet.kiosk;
        BEGIN
            k := fleet.calling_kiosk();
            UPDATE fleet.kiosk SET last_seen = now() WHERE role = k.role;
            RETURN QUERY SELECT k.name, s.name, s.tz, extract(epoch FROM clock_timestamp())::float8
                FROM fleet.site s WHERE s.id = k.site_id;
        END $$;

        -- Why a batch cannot be counted, or NULL when it can: its shape, strengths
        -- 0-999, counts no faster than 30 punches a second over its span, and times
        -- from 60 days back to 5 minutes ahead of the server's clock.
        CREATE FUNCTION fleet.batch_problem(p_created float8, p jsonb, p_now timestamptz) RETURNS text
        LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $$
        DECLARE
            v_low float8 := extract(epoch FROM p_now - interval '60 days');
            v_high float8 := extract(epoch FROM p_now + interval '5 minutes');
            v_first float8; v_last float8; v_days numeric := 0; v_targets numeric := 0; v_day_count int := 0;
            d record; e jsonb;
        BEGIN
            IF octet_length(p::text) > 65536 THEN RETURN 'batch too large'; END IF;
            IF jsonb_typeof(p) IS DISTINCT FROM 'object' OR p->>'v' IS DISTINCT FROM '1' THEN RETURN 'not a version 1 batch'; END IF;
            IF jsonb_typeof(p->'days') IS DISTINCT FROM 'object' OR jsonb_typeof(p->'targets') IS DISTINCT FROM 'array'
               OR jsonb_typeof(p->'hits') IS DISTINCT FROM 'array' OR jsonb_typeof(p->'first') IS DISTINCT FROM 'number'
               OR jsonb_typeof(p->'last') IS DISTINCT FROM 'number' THEN
                RETURN 'malformed batch';
            END IF;
            v_first := (p->>'first')::float8;
            v_last := (p->>'last')::float8;
            IF p_created IS NULL OR v_first > v_last THEN RETURN 'malformed batch'; END IF;
            IF least(v_first, p_created) < v_low OR greatest(v_last, p_created) > v_high THEN
                RETURN 'times outside the accepted window (60 days back to 5 minutes ahead)';
            END IF;
            FOR d IN SELECT key, value FROM jsonb_each(p->'days') LOOP
                IF d.key !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' OR jsonb_typeof(d.value->'punches') IS DISTINCT FROM 'number'
                   OR jsonb_typeof(d.value->'strongest') IS DISTINCT FROM 'number' THEN
                    RETURN 'malformed day';
                END IF;
                IF (d.value->>'strongest')::numeric NOT BETWEEN 0 AND 999 THEN RETURN 'strength outside 0-999'; END IF;
                IF (d.value->>'punches')::numeric < 1 OR (d.value->>'punches')::numeric <> trunc((d.value->>'punches')::numeric) THEN
                    RETURN 'malformed day';
                END IF;
                IF d.key::date NOT BETWEEN (to_timestamp(v_first) AT TIME ZONE 'UTC')::date - 1
                                       AND (to_timestamp(v_last) AT TIME ZONE 'UTC')::date + 1 THEN
                    RETURN 'a day outside the batch''s times';
                END IF;
                v_days := v_days + (d.value->>'punches')::numeric;
                v_day_count := v_day_count + 1;
            END LOOP;
            IF v_days < 1 THEN RETURN 'no punches'; END IF;
            IF v_days > 30 * (v_last - v_first) + 30 THEN RETURN 'implausible: more than 30 punches a second'; END IF;
            FOR e IN SELECT value FROM jsonb_array_elements(p->'targets') LOOP
                IF jsonb_typeof(e->'name') IS DISTINCT FROM 'string' OR length(e->>'name') NOT BETWEEN 1 AND 480
                   OR (e->>'punches')::numeric < 1 OR (e->>'best_combo')::numeric < 0 THEN
                    RETURN 'malformed target tally';
                END IF;
                IF (e->>'strongest')::numeric NOT BETWEEN 0 AND 999 THEN RETURN 'strength outside 0-999'; END IF;
                v_targets := v_targets + (e->>'punches')::numeric;
            END LOOP;
            IF v_targets > v_days THEN RETURN 'targets count more punches than the days'; END IF;
            IF jsonb_array_length(p->'hits') > 5 * v_day_count THEN RETURN 'more hits than the top lists hold'; END IF;
            FOR e IN SELECT value FROM jsonb_array_elements(p->'hits') LOOP
                IF jsonb_typeof(e->'at') IS DISTINCT FROM 'number' OR jsonb_typeof(e->'target') IS DISTINCT FROM 'string'
                   OR length(e->>'target') > 480 THEN
                    RETURN 'malformed hit';
                END IF;
                IF (e->>'strength')::numeric NOT BETWEEN 0 AND 999 THEN RETURN 'strength outside 0-999'; END IF;
                IF (e->>'at')::float8 NOT BETWEEN v_first AND v_last THEN RETURN 'a hit outside the batch''s times'; END IF;
            END LOOP;
            RETURN NULL;
        EXCEPTION WHEN OTHERS THEN
            RETURN 'malformed batch (' || SQLERRM || ')';
        END $$;

        -- Counts a batch once: 'stored' the first time, 'duplicate' when the same batch
        -- comes again, 'rejected: WHY' when it fails the checks (and on every resend of
        -- it), 'conflict' for a known id with another payload. Aggregates are folded in
        -- the same transaction as the batch row, so a batch counts fully or not at all.
        CREATE FUNCTION fleet.push_batch_v1(p_batch uuid, p_created float8, p_payload jsonb) RETURNS text
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
        DECLARE
            k fleet.kiosk;
            v_reason text;
            v_tz text;
            v_found fleet.batch;
        BEGIN
            -- last_seen is kept by hello and report, once a round: one row updated on
            -- every batch would slow a long backlog down.
            k := fleet.calling_kiosk();
            v_reason := fleet.batch_problem(p_created, p_payload, now());
            INSERT INTO fleet.batch (kiosk, batch_id, created_at, payload, verdict, reason)
            VALUES (k.role, p_batch, to_timestamp(coalesce(p_created, 0)), p_payload,
                    CASE WHEN v_reason IS NULL THEN 'stored' ELSE 'rejected' END, v_reason)
            ON CONFLICT (kiosk, batch_id) DO NOTHING;
            IF NOT FOUND THEN
                SELECT * INTO v_found FROM fleet.batch WHERE kiosk = k.role AND batch_id = p_batch;
                IF v_found.payload = p_payload THEN
                    RETURN CASE WHEN v_found.verdict = 'stored' THEN 'duplicate' ELSE 'rejected: ' || v_found.reason END;
                END IF;
                INSERT INTO fleet.refused_push (kiosk, batch_id, reason, payload)
                VALUES (k.role, p_batch, 'conflict: this batch id was stored before with another payload', p_payload);
                RETURN 'conflict';
            END IF;
            IF v_reason IS NOT NULL THEN
                INSERT INTO fleet.refused_push (kiosk, batch_id, reason, payload) VALUES (k.role, p_batch, v_reason, p_payload);
                RETURN 'rejected: ' || v_reason;
            END IF;
            INSERT INTO fleet.day_total AS t (kiosk, day, punches, strongest)
            SELECT k.role, d.key::date, (d.value->>'punches')::bigint, (d.value->>'strongest')::int FROM jsonb_each(p_payload->'days') d
            ON CONFLICT (kiosk, day) DO UPDATE
                SET punches = t.punches + excluded.punches, strongest = greatest(t.strongest, excluded.strongest);
            INSERT INTO fleet.target_total AS t (kiosk, target, punches, strongest, best_combo)
            SELECT k.role, e->>'name', sum((e->>'punches')::bigint), max((e->>'strongest')::int), max((e->>'best_combo')::bigint)
            FROM jsonb_array_elements(p_payload->'targets') e GROUP BY e->>'name'
            ON CONFLICT (kiosk, target) DO UPDATE
                SET punches = t.punches + excluded.punches, strongest = greatest(t.strongest, excluded.strongest),
                    best_combo = greatest(t.best_combo, excluded.best_combo);
            SELECT tz INTO v_tz FROM fleet.site WHERE id = k.site_id;
            INSERT INTO fleet.strong_hit (kiosk, site_id, site_day, at, strength, target)
            SELECT k.role, k.site_id, (to_timestamp((e->>'at')::float8) AT TIME ZONE v_tz)::date, to_timestamp((e->>'at')::float8),
                   (e->>'strength')::int, e->>'target'
            FROM jsonb_array_elements(p_payload->'hits') e;
            DELETE FROM fleet.strong_hit h WHERE h.kiosk = k.role AND h.id NOT IN (
                SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY site_day ORDER BY strength DESC, at) AS place
                                FROM fleet.strong_hit WHERE kiosk = k.role) ranked WHERE place <= 5);
            PERFORM pg_notify('fleet', 'board:' || k.site_id);
            RETURN 'stored';
        END $$;

        -- What the kiosk counts itself: a day's punches and the batches still waiting,
        -- shown beside the server's own count by fleet admin status.
        CREATE FUNCTION fleet.report_v1(p_day text, p_punches bigint, p_waiting int) RETURNS void
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
        DECLARE k fleet.kiosk;
        BEGIN
            k := fleet.calling_kiosk();
            UPDATE fleet.kiosk SET last_seen = now(), reported_day = p_day::date, reported_punches = greatest(p_punches, 0),
                reported_waiting = greatest(p_waiting, 0)
            WHERE role = k.role;
        END $$;
        """

    static let admin = """

        CREATE FUNCTION fleet.add_site_v1(p_name text, p_tz text) RETURNS int
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
        DECLARE v_id int;
        BEGIN
            PERFORM now() AT TIME ZONE p_tz;   -- an unknown zone raises 22023 here
            INSERT INTO fleet.site (name, tz) VALUES (p_name, p_tz) RETURNING id INTO v_id;
            RETURN v_id;
        END $$;

        -- A kiosk's login: role kiosk_NAME, in the kiosk group, with the SCRAM verifier
        -- the admin's client made (the secret itself never reaches the server).
        CREATE FUNCTION fleet.add_kiosk_v1(p_name text, p_site text, p_verifier text) RETURNS text
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
        DECLARE v_site int; v_role text := 'kiosk_' || p_name;
        BEGIN
            IF p_name !~ '^[a-z0-9][a-z0-9_-]{0,39}$' THEN
                RAISE EXCEPTION 'bad kiosk name' USING ERRCODE = 'invalid_parameter_value';
            END IF;
            IF p_verifier !~ '^SCRAM-SHA-256\\$' THEN RAISE EXCEPTION 'not a SCRAM verifier' USING ERRCODE = 'invalid_parameter_value'; END IF;
            SELECT id INTO v_site FROM fleet.site WHERE name = p_site;
            IF NOT FOUND THEN RAISE EXCEPTION 'no such site' USING ERRCODE = 'no_data_found'; END IF;
            IF EXISTS (SELECT 1 FROM fleet.kiosk WHERE name = p_name) THEN
                RAISE EXCEPTION 'kiosk exists' USING ERRCODE = 'unique_violation';
            END IF;
            EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L CONNECTION LIMIT 2 IN ROLE \(FleetSchema.kioskGroup)', v_role, p_verifier);
            EXECUTE format('ALTER ROLE %I SET statement_timeout = %L', v_role, '10s');
            INSERT INTO fleet.kiosk (role, name, site_id) VALUES (v_role, p_name, v_site);
            RETURN v_role;
        END $$;

        -- Revoking: the login may no longer log in, and its sessions end now.
        CREATE FUNCTION fleet.revoke_kiosk_v1(p_name text) RETURNS text
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
        DECLARE v_role name;
        BEGIN
            SELECT role INTO v_role FROM fleet.kiosk WHERE name = p_name;
            IF NOT FOUND THEN RAISE EXCEPTION 'no such kiosk' USING ERRCODE = 'no_data_found'; END IF;
            EXECUTE format('ALTER ROLE %I NOLOGIN', v_role);
            UPDATE fleet.kiosk SET revoked_at = coalesce(revoked_at, now()) WHERE role = v_role;
            PERFORM pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = v_role;
            RETURN v_role;
        END $$;

        -- Every kiosk: online (seen in the last 2 minutes), its site's today as the
        -- kiosk counted it beside the server's count, batches waiting, refused pushes.
        CREATE FUNCTION fleet.status_v1()
        RETURNS TABLE (kiosk_name text, site_name text, online boolean, last_seen float8, waiting int, day date,
                       local_punches bigint, server_punches bigint, revoked boolean, refused bigint)
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
            SELECT k.name, s.name, coalesce(k.last_seen > now() - interval '2 minutes', false) AND k.revoked_at IS NULL,
                   extract(epoch FROM k.last_seen)::float8, k.reported_waiting, today.day,
                   CASE WHEN k.reported_day = today.day THEN k.reported_punches WHEN k.reported_day < today.day THEN 0 END,
                   coalesce((SELECT t.punches FROM fleet.day_total t WHERE t.kiosk = k.role AND t.day = today.day), 0),
                   k.revoked_at IS NOT NULL,
                   (SELECT count(*) FROM fleet.refused_push r WHERE r.kiosk = k.role)
            FROM fleet.kiosk k JOIN fleet.site s ON s.id = k.site_id
            CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE s.tz)::date AS day) today
            ORDER BY s.name, k.name
        $$;
        """
}
