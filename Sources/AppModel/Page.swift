/// A page of the app, by name: where navigation leads (a button, a shortcut, a form
/// going back, a policy's rule). The session's screen carries each page's state
/// (a dialog, the form, the picker); a page is just which one.
public enum Page: String, Sendable, Equatable {
    /// Punching, with the favorites bar.
    case main
    /// Every target as a thumbnail grid; choosing one selects it and goes back.
    case allTargets
    /// Every target as a list to favorite, edit, delete; add; restore the built-ins.
    case manage
    /// The Add / Edit target form.
    case editor
    /// Browsing for a picture for the form.
    case picker
    /// Punches per day, the most punched targets, the strongest hits.
    case stats
    /// Sound, motion, size and fullscreen: the user's settings.
    case settings
    /// The 30-second rush, on the punch screen.
    case rush
    /// Two players race for 30 seconds on the punch screen.
    case versus
    /// What the session added up to, on the way out (and the breathing cool-down).
    case summary
    /// A kiosk's operator menu (only a kiosk policy leads there).
    case operatorMenu
}
