// What a fleet command says when it cannot do what was asked: one line, in the user's
// language, saying what to do. libpq's and the server's own words go in as the detail
// where they help (an address that does not answer, a certificate that did not verify).

import Localization
import PostgresClient

/// A fleet command's refusal: the one line to print, and the exit status (1).
public struct FleetFailure: Error, Sendable, Equatable {
    public let line: String

    public init(_ line: String) { self.line = line }
}

/// Who was talking to the server, for the words a refused login gets.
enum FleetCaller {
    case admin
    case kiosk
}

extension FleetFailure {
    /// A connection or call that failed, said for `caller`.
    static func from(_ error: PostgresError, caller: FleetCaller, seconds: Int) -> FleetFailure {
        switch error.kind {
        case .unreachable:
            // TRANSLATORS: %s is the client library's own reason, in English ("Connection refused ...").
            return FleetFailure(tr("cannot reach the fleet server (%s); check that it runs and its address, then try again", error.detail))
        case .timedOut:
            // TRANSLATORS: %d is a number of seconds.
            return FleetFailure(trn("the fleet server did not answer within %d second; check that it is not stuck or overloaded, then try again",
                                    "the fleet server did not answer within %d seconds; check that it is not stuck or overloaded, then try again", seconds))
        case .tlsRefused:
            // TRANSLATORS: %s is the TLS library's reason, in English ("certificate verify failed").
            return FleetFailure(tr("the fleet server's certificate was not accepted (%s); check the CA file and the server's name", error.detail))
        case .loginRefused:
            switch caller {
            case .admin:
                // TRANSLATORS: %s is the server's reason, in English.
                return FleetFailure(tr("the fleet server refused the login (%s); check the user and password", error.detail))
            case .kiosk:
                return FleetFailure(tr("the fleet server refused this kiosk's login: it was revoked or its join file is out of date; ask the fleet admin for a new one (punches stay queued here)"))
            }
        case .permission:
            switch caller {
            case .admin: return FleetFailure(tr("this login is not a fleet admin; connect as a role granted stresspunch_admin"))
            case .kiosk: return FleetFailure(tr("the fleet server does not know this kiosk (it may have been revoked); ask the fleet admin"))
            }
        case .server:
            // invalid_schema_name, undefined_function, undefined_table: nothing installed.
            if ["3F000", "42883", "42P01"].contains(error.sqlState ?? "") {
                return FleetFailure(tr("the server has no fleet schema; run 'stresspunch fleet admin install' first"))
            }
            // TRANSLATORS: %s is the server's reason, in English.
            return FleetFailure(tr("the fleet server refused: %s", error.detail))
        }
    }
}
