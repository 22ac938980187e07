/// The user's settings as they apply now, held once and shared by reference. The
/// session changes them (the Settings screen, M, the tool strip, a kiosk's operator);
/// the punch scene reads the tool from here at the moment a punch lands, so there is
/// no copy to keep in step with them.
public final class LiveSettings {
    public var value: UserSettings

    public init(_ value: UserSettings) {
        self.value = value
    }
}
