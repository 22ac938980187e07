import SQLiteDatabase
import StressCore

/// The library's schema and its history of migrations.
///
/// The schema defends itself: whatever writes to the file (this app, an older build,
/// someone with the sqlite3 shell), a row cannot have an empty name, a name with
/// spaces around it, a fifth favorite, or a second selected target.
public enum LibrarySchema {

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.register("v1-targets", createTargets)
        migrator.register("v1-seed-builtins", seedBuiltins)
        migrator.register("v2-settings") { db in
            try db.execute("CREATE TABLE app_setting (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)")
        }
        migrator.register("v3-punch-stats", addPunchStats)
        migrator.register("v4-strong-hits") { db in
            // Each local day's five strongest punches (the kiosk's leaderboard): the
            // strength, when, and the target's name then. Nothing a visitor typed.
            try db.execute("""
                CREATE TABLE strong_hit (
                    id INTEGER PRIMARY KEY,
                    day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                    at REAL NOT NULL,
                    strength INTEGER NOT NULL CHECK (strength BETWEEN 0 AND 999),
                    target_name TEXT NOT NULL
                );
                CREATE INDEX strong_hit_day ON strong_hit (day, strength DESC);
                """)
        }
        migrator.register("v5-marks") { db in
            // The marks hits leave on a target, as records (where, which tool, how deep,
            // how many hits, since when), at most a few hundred per target: the app
            // keeps them bounded, and they go with their target.
            try db.execute("""
                CREATE TABLE target_mark (
                    id INTEGER PRIMARY KEY,
                    target_id INTEGER NOT NULL REFERENCES target (id) ON DELETE CASCADE,
                    x REAL NOT NULL CHECK (x BETWEEN 0 AND 1),
                    y REAL NOT NULL CHECK (y BETWEEN 0 AND 1),
                    tool TEXT NOT NULL CHECK (tool <> '' AND length(tool) <= 32),
                    depth REAL NOT NULL CHECK (depth BETWEEN 0 AND 1),
                    hits INTEGER NOT NULL CHECK (hits >= 1),
                    born REAL NOT NULL
                );
                CREATE INDEX target_mark_target ON target_mark (target_id, id);
                """)
        }
        migrator.register("v6-crop", addCrop)
        migrator.register("v7-count-ceiling") { db in
            // Counts past the ceiling (a crafted archive, a hand edit, or a sum SQLite
            // turned into a REAL when it overflowed) come down to it; from here on the
            // triggers refuse them.
            let ceiling = PunchTally.ceiling
            for (table, column) in [("target", "punches"), ("target", "best_combo"), ("punch_day", "punches")] {
                try db.execute("""
                    UPDATE \(table) SET \(column) = \(ceiling)
                    WHERE NOT (typeof(\(column)) = 'integer' AND \(column) <= \(ceiling))
                    """)
            }
            try db.execute(countCeilingSQL)
        }
        migrator.register("v8-fleet-outbox", addFleetTables)
        return migrator
    }

    private static func createTargets(_ db: Database) throws {
        // Lengths: Swift validates names (1-60) and messages (0-200) in characters as a
        // user sees them; SQLite's length() counts code points, so one emoji can count 7.
        // The database therefore checks the hard rules (non-empty, trimmed) and a generous
        // code-point ceiling against junk, and leaves the exact count to Swift.
        try db.execute("""
            CREATE TABLE target (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                name TEXT NOT NULL
                    CHECK (name <> '' AND name = trim(name, ' ' || char(9, 10, 11, 12, 13)) AND length(name) <= 480),
                message TEXT NOT NULL DEFAULT ''
                    CHECK (length(message) <= 1600),
                builtin_key TEXT UNIQUE,
                asset_name TEXT,
                image_file TEXT CHECK (image_file IS NULL OR (image_file NOT LIKE '%/%' AND image_file NOT LIKE '.%')),
                is_favorite INTEGER NOT NULL DEFAULT 0 CHECK (is_favorite IN (0, 1)),
                is_selected INTEGER NOT NULL DEFAULT 0 CHECK (is_selected IN (0, 1)),
                punches INTEGER NOT NULL DEFAULT 0 CHECK (punches >= 0),
                sort_order INTEGER NOT NULL,
                created_at REAL NOT NULL,
                CHECK ((asset_name IS NULL) <> (image_file IS NULL))
            );

            """)
        try db.execute(rulesSQL)
    }

    /// Per target: the strongest punch, the best combo, when first and last punched
    /// (seconds since 1970); per local day: punches and the strongest.
    private static func addPunchStats(_ db: Database) throws {
        try db.execute("""
            ALTER TABLE target ADD COLUMN strongest INTEGER NOT NULL DEFAULT 0 CHECK (strongest BETWEEN 0 AND 999);
            ALTER TABLE target ADD COLUMN best_combo INTEGER NOT NULL DEFAULT 0 CHECK (best_combo >= 0);
            ALTER TABLE target ADD COLUMN first_punched REAL;
            ALTER TABLE target ADD COLUMN last_punched REAL;
            CREATE TABLE punch_day (
                day TEXT PRIMARY KEY NOT NULL
                    CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                punches INTEGER NOT NULL DEFAULT 0 CHECK (punches >= 0),
                strongest INTEGER NOT NULL DEFAULT 0 CHECK (strongest BETWEEN 0 AND 999)
            );
            """)
    }

    /// The part of a target's picture that shows, as fractions of the stored picture
    /// (which is kept whole, so the crop can change later): the whole by default. A
    /// side is at least a tenth (PictureCrop.smallest) and the crop stays inside the
    /// picture, give or take a float's rounding.
    private static func addCrop(_ db: Database) throws {
        try db.execute("""
            ALTER TABLE target ADD COLUMN crop_x REAL NOT NULL DEFAULT 0 CHECK (crop_x BETWEEN 0 AND 0.9001);
            ALTER TABLE target ADD COLUMN crop_y REAL NOT NULL DEFAULT 0 CHECK (crop_y BETWEEN 0 AND 0.9001);
            ALTER TABLE target ADD COLUMN crop_width REAL NOT NULL DEFAULT 1
                CHECK (crop_width BETWEEN 0.0999 AND 1 AND crop_x + crop_width <= 1.0001);
            ALTER TABLE target ADD COLUMN crop_height REAL NOT NULL DEFAULT 1
                CHECK (crop_height BETWEEN 0.0999 AND 1 AND crop_y + crop_height <= 1.0001);
            """)
    }

    /// The rules the database enforces by itself: at most one selection, at most
    /// `FavoriteRule.limit` favorites, a neighbour selected after a delete. `IF NOT
    /// EXISTS`, so an open can put back what a hand edit dropped.
    static var rulesSQL: String {
        """
            CREATE INDEX IF NOT EXISTS target_order ON target (sort_order, id);

            -- At most one selected target.
            CREATE UNIQUE INDEX IF NOT EXISTS target_single_selection ON target (is_selected) WHERE is_selected = 1;

            \(favoriteLimitSQL(limit: FavoriteRule.limit))

            -- Deleting the selected target selects its neighbour (the next one, else the
            -- previous one), so the main screen always has something to punch.
            CREATE TRIGGER IF NOT EXISTS target_reselect_after_delete
            AFTER DELETE ON target
            WHEN OLD.is_selected = 1
            BEGIN
                UPDATE target SET is_selected = 1
                WHERE id = coalesce(
                    (SELECT id FROM target WHERE (sort_order, id) > (OLD.sort_order, OLD.id)
                        ORDER BY sort_order, id LIMIT 1),
                    (SELECT id FROM target ORDER BY sort_order DESC, id DESC LIMIT 1));
            END;
            """
    }

    /// The two triggers that keep favorites to `limit`, whichever way a row gets there,
    /// made from the rule's number (`FavoriteRule.limit`, the one place it is written).
    /// A library whose triggers hold another number (made when the rule said another)
    /// has them replaced when it opens (`staleFavoriteTriggers`).
    public static func favoriteLimitSQL(limit: Int) -> String {
        """
            CREATE TRIGGER IF NOT EXISTS target_favorite_limit_on_insert
            BEFORE INSERT ON target
            WHEN NEW.is_favorite = 1 AND (SELECT count(*) FROM target WHERE is_favorite = 1) >= \(limit)
            BEGIN
                SELECT RAISE(ABORT, '\(favoriteLimitMessage(limit: limit))');
            END;

            CREATE TRIGGER IF NOT EXISTS target_favorite_limit_on_update
            BEFORE UPDATE OF is_favorite ON target
            WHEN NEW.is_favorite = 1 AND OLD.is_favorite = 0
                AND (SELECT count(*) FROM target WHERE is_favorite = 1) >= \(limit)
            BEGIN
                SELECT RAISE(ABORT, '\(favoriteLimitMessage(limit: limit))');
            END;
            """
    }

    /// Raised by the favorite-limit triggers; the store maps it to a typed error.
    static func favoriteLimitMessage(limit: Int) -> String { "favorite limit reached: at most \(limit) favorites" }

    static let favoriteLimitNames = ["target_favorite_limit_on_insert", "target_favorite_limit_on_update"]

    /// The favorite-limit triggers present in `db` whose text is not what
    /// `favoriteLimitSQL` makes of `FavoriteRule.limit` (spacing aside: SQLite keeps a
    /// trigger's text as it was written, less `IF NOT EXISTS`).
    static func staleFavoriteTriggers(_ db: Database) throws -> [String] {
        func words(_ sql: String) -> [Substring] {
            sql.replacingOccurrences(of: "IF NOT EXISTS ", with: "")
                .split(whereSeparator: { $0.isWhitespace || $0 == ";" })
        }
        let wanted = favoriteLimitSQL(limit: FavoriteRule.limit)
        var stale: [String] = []
        for name in favoriteLimitNames {
            let stored = try db.query("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", [.text(name)]).first?.text("sql")
            guard let stored else { continue }
            // This trigger's statement in the wanted text: from its CREATE to its END.
            guard let start = wanted.range(of: "CREATE TRIGGER IF NOT EXISTS \(name)"),
                  let end = wanted.range(of: "END;", range: start.upperBound..<wanted.endIndex) else { continue }
            if words(stored) != words(String(wanted[start.lowerBound..<end.upperBound])) { stale.append(name) }
        }
        return stale
    }

    /// Raised by the count-ceiling triggers (matched by message: the favorite limit's
    /// triggers raise too).
    static let countCeilingMessage = "count ceiling: no real use punches this often"

    /// The CHECK on counts that no real use can reach (`PunchTally.ceiling`), as
    /// triggers: SQLite cannot add a CHECK to an existing table.
    static var countCeilingSQL: String {
        let ceiling = PunchTally.ceiling
        return """
            CREATE TRIGGER IF NOT EXISTS target_count_ceiling_on_insert
            BEFORE INSERT ON target WHEN NEW.punches > \(ceiling) OR NEW.best_combo > \(ceiling)
            BEGIN SELECT RAISE(ABORT, '\(countCeilingMessage)'); END;

            CREATE TRIGGER IF NOT EXISTS target_count_ceiling_on_update
            BEFORE UPDATE OF punches, best_combo ON target WHEN NEW.punches > \(ceiling) OR NEW.best_combo > \(ceiling)
            BEGIN SELECT RAISE(ABORT, '\(countCeilingMessage)'); END;

            CREATE TRIGGER IF NOT EXISTS punch_day_count_ceiling_on_insert
            BEFORE INSERT ON punch_day WHEN NEW.punches > \(ceiling)
            BEGIN SELECT RAISE(ABORT, '\(countCeilingMessage)'); END;

            CREATE TRIGGER IF NOT EXISTS punch_day_count_ceiling_on_update
            BEFORE UPDATE OF punches ON punch_day WHEN NEW.punches > \(ceiling)
            BEGIN SELECT RAISE(ABORT, '\(countCeilingMessage)'); END;
            """
    }

    static let countCeilingNames = ["target_count_ceiling_on_insert", "target_count_ceiling_on_update",
                                    "punch_day_count_ceiling_on_insert", "punch_day_count_ceiling_on_update"]

    /// Every count of the library and the bounds no real use leaves. The rules keep
    /// them there, but a hand edit past the rules (triggers dropped or switched off,
    /// CHECKs ignored) can put one outside, and every punch on that row would then
    /// fail on the rules: an open brings them back (`repairCounts`).
    static let counts: [(table: String, columns: [(name: String, bounds: ClosedRange<Int64>)])] = {
        let tally: ClosedRange<Int64> = 0...PunchTally.ceiling
        let strength = Int64(PunchStrength.range.lowerBound)...Int64(PunchStrength.range.upperBound)
        return [("target", [("punches", tally), ("best_combo", tally), ("strongest", strength)]),
                ("punch_day", [("punches", tally), ("strongest", strength)])]
    }()

    /// SQL true where `column` is not an integer within `bounds`.
    private static func outside(_ column: String, _ bounds: ClosedRange<Int64>) -> String {
        "NOT (typeof(\(column)) = 'integer' AND \(column) BETWEEN \(bounds.lowerBound) AND \(bounds.upperBound))"
    }

    /// How many counts are out of bounds.
    static func countsOutOfBounds(_ db: Database) throws -> Int {
        var total: Int64 = 0
        for (table, columns) in counts {
            for column in columns {
                total += try db.scalarInt("SELECT count(*) FROM \(table) WHERE \(outside(column.name, column.bounds))") ?? 0
            }
        }
        return Int(total)
    }

    /// Brings every count back within its bounds (past the top to the top, below zero
    /// or not a number to the bottom) and returns how many it changed. One statement a
    /// table, so the ceiling's triggers see the whole row repaired at once.
    static func repairCounts(_ db: Database) throws -> Int {
        var repaired = 0
        for (table, columns) in counts {
            var found: Int64 = 0
            for column in columns {
                found += try db.scalarInt("SELECT count(*) FROM \(table) WHERE \(outside(column.name, column.bounds))") ?? 0
            }
            guard found > 0 else { continue }
            let assignments = columns.map { column in
                let (name, low, high) = (column.name, column.bounds.lowerBound, column.bounds.upperBound)
                return """
                    \(name) = CASE WHEN typeof(\(name)) NOT IN ('integer', 'real') OR \(name) < \(low) THEN \(low)
                        WHEN \(name) > \(high) THEN \(high) ELSE CAST(\(name) AS INTEGER) END
                    """
            }
            let anyOutside = columns.map { outside($0.name, $0.bounds) }.joined(separator: " OR ")
            try db.execute("UPDATE \(table) SET \(assignments.joined(separator: ", ")) WHERE \(anyOutside)")
            repaired += Int(found)
        }
        return repaired
    }

    /// The names of the rule objects, to tell whether one is missing.
    static let ruleNames = ["target_order", "target_single_selection", "target_favorite_limit_on_insert",
                            "target_favorite_limit_on_update", "target_reselect_after_delete"]

    /// Marks a database as a StressPunch library ("SPnc"), so a file of another
    /// program's is recognised and never written to.
    static let applicationID: Int64 = 0x5350_6E63

    /// First launch: the built-in catalog, the first one selected, the first four favorites.
    private static func seedBuiltins(_ db: Database) throws {
        for (index, builtin) in BuiltinCatalog.targets.enumerated() {
            try insertBuiltin(builtin, at: index, favorite: builtin.startsAsFavorite, selected: index == 0, in: db)
        }
    }

    static func insertBuiltin(
        _ builtin: BuiltinTarget, at sortOrder: Int, favorite: Bool, selected: Bool, in db: Database
    ) throws {
        try db.execute(
            """
            INSERT INTO target (name, message, builtin_key, asset_name, is_favorite, is_selected, sort_order, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, julianday('now'))
            """,
            [.text(builtin.name), .text(builtin.message), .text(builtin.key), .text(builtin.assetName),
             .integer(favorite ? 1 : 0), .integer(selected ? 1 : 0), .integer(Int64(sortOrder))])
    }
}
