// The fleet server's schema, in PostgreSQL: tables no kiosk can read or write, and the
// few SECURITY DEFINER functions that are the whole of what a kiosk or an admin may do.
// A kiosk is known by its login (`session_user`), never by a parameter. Function names
// carry a version so an older kiosk keeps working when the server is upgraded.

enum FleetSchema {
    /// The version `fleet admin install` brings a server to.
    static let version = 1

    /// The group roles: every kiosk's login is in the first, admins in the second.
    static let kioskGroup = "stresspunch_kiosk"
    static let adminGroup = "stresspunch_admin"

    /// A transaction-scoped lock, so two installs at once do not race.
    static let installLock = "SELECT pg_advisory_xact_lock(hashtext('stresspunch fleet install'))"

    /// Whether a fleet schema is there; then `versionQuery` says which.
    static let presenceQuery = "SELECT to_regclass('fleet.schema_version') IS NOT NULL AS present"
    static let versionQuery = "SELECT max(version) AS version FROM fleet.schema_version"

    /// Version 1, created whole in one transaction.
    static let version1 = """
        -- The group roles belong to the whole cluster, and an install into another
        -- database may be making them at this moment (advisory locks are per database).
        DO $$ BEGIN
            BEGIN CREATE ROLE \(kioskGroup) NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END;
            BEGIN CREATE ROLE \(adminGroup) NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END;
        END $$;

        CREATE SCHEMA fleet;
        REVOKE ALL ON SCHEMA fleet FROM PUBLIC;
        GRANT USAGE ON SCHEMA fleet TO \(kioskGroup), \(adminGroup);

        CREATE TABLE fleet.schema_version (version int NOT NULL, installed_at timestamptz NOT NULL DEFAULT now());
        INSERT INTO fleet.schema_version (version) VALUES (1);

        CREATE TABLE fleet.site (
            id serial PRIMARY KEY,
            name text NOT NULL UNIQUE CHECK (name <> '' AND length(name) <= 60 AND name !~ '[[:cntrl:]]'),
            tz text NOT NULL DEFAULT 'UTC',
            created_at timestamptz NOT NULL DEFAULT now());

        -- A kiosk: its login role, the name the admin gave it, its site, and what it
        -- last reported (its own count of a day's punches, batches still waiting).
        CREATE TABLE fleet.kiosk (
            role name PRIMARY KEY,
            name text NOT NULL UNIQUE,
            site_id int NOT NULL REFERENCES fleet.site,
            created_at timestamptz NOT NULL DEFAULT now(),
            revoked_at timestamptz,
            last_seen timestamptz,
            reported_day date,
            reported_punches bigint,
            reported_waiting int);

        -- Every batch a kiosk pushed, once: the key makes a resend a no-op.
        CREATE TABLE fleet.batch (
            kiosk name NOT NULL REFERENCES fleet.kiosk,
            batch_id uuid NOT NULL,
            created_at timestamptz NOT NULL,
            received_at timestamptz NOT NULL DEFAULT now(),
            payload jsonb NOT NULL,
            verdict text NOT NULL CHECK (verdict IN ('stored', 'rejected')),
            reason text,
            PRIMARY KEY (kiosk, batch_id));

        -- Every push refused, with why: a batch that failed the checks, or a known id
        -- that came back with another payload.
        CREATE TABLE fleet.refused_push (
            id bigserial PRIMARY KEY,
            kiosk name NOT NULL REFERENCES fleet.kiosk,
            batch_id uuid NOT NULL,
            received_at timestamptz NOT NULL DEFAULT now(),
            reason text NOT NULL,
            payload jsonb);

        -- The sums the stored batches fold into (each kiosk's day is the kiosk's own).
        CREATE TABLE fleet.day_total (
            kiosk name NOT NULL REFERENCES fleet.kiosk,
            day date NOT NULL,
            punches bigint NOT NULL CHECK (punches >= 0),
            strongest int NOT NULL CHECK (strongest BETWEEN 0 AND 999),
            PRIMARY KEY (kiosk, day));
        CREATE TABLE fleet.target_total (
            kiosk name NOT NULL REFERENCES fleet.kiosk,
            target text NOT NULL,
            punches bigint NOT NULL,
            strongest int NOT NULL CHECK (strongest BETWEEN 0 AND 999),
            best_combo bigint NOT NULL,
            PRIMARY KEY (kiosk, target));
        -- Each kiosk's five strongest hits of each of its site's days: the board's source.
        CREATE TABLE fleet.strong_hit (
            id bigserial PRIMARY KEY,
            kiosk name NOT NULL REFERENCES fleet.kiosk,
            site_id int NOT NULL REFERENCES fleet.site,
            site_day date NOT NULL,
            at timestamptz NOT NULL,
            strength int NOT NULL CHECK (strength BETWEEN 0 AND 999),
            target text NOT NULL);
        CREATE INDEX strong_hit_board ON fleet.strong_hit (site_id, site_day, strength DESC, at);
        """ + FleetFunctions.kiosk + FleetFunctions.admin + """

        REVOKE ALL ON ALL TABLES IN SCHEMA fleet FROM PUBLIC;
        REVOKE ALL ON ALL SEQUENCES IN SCHEMA fleet FROM PUBLIC;
        REVOKE ALL ON ALL FUNCTIONS IN SCHEMA fleet FROM PUBLIC;
        GRANT EXECUTE ON FUNCTION fleet.hello_v1(), fleet.push_batch_v1(uuid, float8, jsonb), fleet.report_v1(text, bigint, int)
            TO \(kioskGroup);
        GRANT EXECUTE ON FUNCTION fleet.add_site_v1(text, text), fleet.add_kiosk_v1(text, text, text), fleet.revoke_kiosk_v1(text),
            fleet.status_v1() TO \(adminGroup);
        """
}
