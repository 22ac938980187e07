import Localization

/// How long a kiosk waits without input before it resets itself, as an operator gives
/// it (`kiosk set-idle`, the operator menu): whole seconds within `range`. Here, with
/// the model's other rules, so the command line can check it without the kiosk.
public enum KioskIdleTime {
    /// Shorter would reset under a visitor reading the screen; longer than an hour is
    /// no reset at all.
    public static let range = 10...3600

    /// Parses an idle time given by the operator ("90"), refusing what is not a whole
    /// number of seconds in range.
    public static func parse(_ text: String) -> Result<Int, KioskIdleTimeError> {
        guard let value = Int(TargetValidation.trimmed(text)), range.contains(value) else {
            return .failure(.outOfRange(text))
        }
        return .success(value)
    }
}

/// Why an idle time was refused.
public enum KioskIdleTimeError: Error, Equatable, Sendable, CustomStringConvertible {
    case outOfRange(String)

    public var description: String {
        switch self {
        case .outOfRange(let text):
            // TRANSLATORS: `kiosk set-idle` refused its argument (the first %s, as typed);
            // the two others are the seconds it takes, written as they are typed ("10", "3600").
            return tr("'%s' is not an idle time; give whole seconds from %s to %s", text,
                      String(KioskIdleTime.range.lowerBound), String(KioskIdleTime.range.upperBound))
        }
    }
}
