import StressCore

/// Where the punch screen gets a target's picture as it shows (cut to its crop): one
/// lookup, given to the stage once and read by both the frame that draws the picture
/// and the punch that tests a hit against it, so the two cannot disagree.
public protocol TargetPictureLookup: AnyObject {
    /// `target`'s picture as the punch screen shows it: ready, still loading, or
    /// unreadable (never `.noTarget`).
    func shownPicture(of target: StressTarget) -> MainSceneFrame.PictureState
}
